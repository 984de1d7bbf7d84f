/**
 * Rough token estimate for replies that carry no `usage` (some local servers omit it).
 * Four characters a token is the usual rule of thumb for English; good enough for
 * budgets and the per-question token column, never used for billing.
 */
export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.ceil(text.length / 4);
}

export function estimateMessagesTokens(messages: ReadonlyArray<{ content: string }>): number {
  return messages.reduce((sum, m) => sum + estimateTokens(m.content), 0);
}
