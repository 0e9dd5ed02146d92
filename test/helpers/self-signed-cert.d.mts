/**
 * A self-signed P-256 certificate for `host` (its subject and only name), valid from an hour ago
 * for a day, and its private key, both PEM.
 */
export function selfSignedCert(host: string): { cert: string; key: string };
