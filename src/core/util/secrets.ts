const keyLike = /\b(sk|pk|rk)-[A-Za-z0-9_*.-]{6,}/g;

/**
 * Removes every known secret, and anything shaped like an OpenAI key (providers echo masked keys such as
 * "sk-abc***xyz" in 401 bodies), from text that may reach a file, a log or the screen.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out.replace(keyLike, '[redacted]');
}
