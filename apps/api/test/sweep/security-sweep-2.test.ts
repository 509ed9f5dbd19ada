/** The security sweep (security-sweep.ts), share 2 of 2 of the routes. */
import { defineSecuritySweep } from './security-sweep.ts';

defineSecuritySweep(1, 2);
