/**
 * Test mode (spec §9: the login is skipped with a mock Apple sign-in): the Apple token the API takes as the
 * demo customer while its TEST_MODE is on (never in production). Apart from the auth schemas, so the login
 * page can hold it without loading zod.
 */
export const TEST_MODE_APPLE_TOKEN = 'cubierto-test-mode-apple';
