import { sql, type SQL } from 'drizzle-orm';

/**
 * The full-text query of one question keyword. A hyphenated compound ("high-level") matches its
 * words written apart as well ("High level extensions"): PostgreSQL's parser indexes "high-level"
 * as the compound and its parts, so the parts in sequence match both spellings, where the
 * compound as a query term would match only the hyphenated one.
 */
export function keywordQuery(keyword: string): SQL {
  return /\p{L}-\p{L}/u.test(keyword) ? sql`phraseto_tsquery('english', ${keyword.replace(/-/g, ' ')})` : sql`plainto_tsquery('english', ${keyword})`;
}
