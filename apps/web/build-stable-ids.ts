/**
 * Mantine's `useId` (used by every input's wrapper, the modals, popovers and the stepper) starts from
 * React's id and then, in a layout effect of every component that calls it, replaces it with a random one
 * (`setUuid(randomId())`, a leftover from before React had `useId`): each form field is drawn twice as it
 * mounts, the second time synchronously in the commit's task, and the page's passive effects are flushed
 * in that task with it. At a phone's speed that was most of the contract step form's longest task. The
 * build keeps React's id, which is unique and the same on the server and the client (the prerendered
 * pages hydrate with the ids they were drawn with); an id passed in still wins, as before.
 */
import type { Plugin } from 'vite';

const USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/** What the module must still contain for the rewrite to be the same hook without the second render. */
const RANDOMISED = 'setUuid(randomId())';

const STABLE = `import { useId as useReactId } from "react";
function useId(staticId) {
	const reactId = useReactId();
	if (typeof staticId === "string") return staticId;
	return \`mantine-\${reactId.replace(/:/g, "")}\`;
}
export { useId };
`;

/** Mantine's use-id module rewritten; throws when it no longer randomises its id after mounting. */
export function stableUseId(code: string): string {
  if (!code.includes(RANDOMISED)) throw new Error(`@mantine/hooks' use-id no longer contains ${RANDOMISED}`);
  return STABLE;
}

export function stableMantineIds(): Plugin {
  return {
    name: 'cubierto-stable-mantine-ids',
    apply: 'build',
    transform: {
      filter: { id: USE_ID },
      handler(code, id) {
        if (!USE_ID.test(id)) return null;
        return { code: stableUseId(code), map: null };
      },
    },
  };
}
