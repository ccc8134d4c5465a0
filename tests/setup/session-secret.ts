import { setSessionSecret } from "#app/.server/secret.ts";

// At boot the server sets the secret from SESSION_SECRET (or DATA_DIR); tests sign with this one.
setSessionSecret("test-session-secret-0123456789abcdefghijklmnop");
