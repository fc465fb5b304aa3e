const keyLike = /\b(sk|pk|rk)-[A-Za-z0-9_*.-]{6,}/g;

/** Every secret this process was given (API keys, credentials in base URLs), however it came. */
const known = new Set<string>();

/**
 * Remembers a secret so that every later redaction removes it, whichever client's error or output holds
 * it: a server may echo the judge's key in an error the model's client reads.
 */
export function registerSecret(secret: string | undefined): void {
  if (secret !== undefined && secret.length >= 4) known.add(secret);
}

/**
 * Removes every known secret (those given and those registered), and anything shaped like an OpenAI key
 * (providers echo masked keys such as "sk-abc***xyz" in 401 bodies), from text that may reach a file, a log
 * or the screen.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of [...secrets, ...known].sort((a, b) => b.length - a.length)) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  return out.replace(keyLike, '[redacted]');
}
