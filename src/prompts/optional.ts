// Wording shared by the optional text prompts.

/** The message of an optional text prompt; with a value to keep, how to clear it (inquirer: backspace drops the default). */
export function optional(label: string, current: string | null): string {
  return current ? `${label} (optional; backspace clears)` : `${label} (optional)`;
}
