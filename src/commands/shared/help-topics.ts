// The topics of `habits help` (commands/help.ts writes them), named here for the completion
// scripts (commands/completion.ts), which may not import another noun.

export const HELP_TOPICS = ['exit-codes', 'environment', 'formatting'] as const;
/** A topic of `habits help`. */
export type HelpTopic = (typeof HELP_TOPICS)[number];
