/** The part of oidc-provider's API the OpenID peer uses (the package ships no type declarations). */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AccountClaims = { sub: string } & Record<string, unknown>;
  export type Account = { accountId: string; claims(): Promise<AccountClaims> };

  export class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  export default Provider;
}
