/** The security sweep (security-sweep.ts), share 1 of 2 of the routes. */
import { defineSecuritySweep } from './security-sweep.ts';

defineSecuritySweep(0, 2);
