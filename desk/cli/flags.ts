/** A command line's `--name value` flags that could not be read. */
export class FlagError extends Error {
  override name = 'FlagError';
  readonly code = 'bad-flag';
}

/**
 * Reads `--name value` pairs (and bare `--name` switches listed in `switches`) from a command's
 * arguments; throws {@link FlagError} for an unknown flag or a missing value.
 */
export function parseFlags(
  args: readonly string[],
  known: readonly string[],
  switches: readonly string[] = [],
): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const name = arg.replace(/^--/, '');
    if (!arg.startsWith('--') || !(known.includes(name) || switches.includes(name))) {
      throw new FlagError(`Unknown argument "${arg}"`);
    }
    if (switches.includes(name)) {
      flags[name] = 'true';
      continue;
    }
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) {
      throw new FlagError(`--${name} needs a value`);
    }
    flags[name] = value;
    i++;
  }
  return flags;
}
