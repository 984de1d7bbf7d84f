/**
 * The glyphs a line opens with to mark a list item, as a regular-expression character class:
 * the bullet punctuation (•‣⁃∙·), every shape of Unicode's Geometric Shapes block (■□▪▫▶►▸◆◇●○◦:
 * slide and word-processor bullets alike), the dingbat checks, four-diamond and arrows
 * (✓✔❖➔➢➤), and private-use symbol-font glyphs (Wingdings/Symbol bullets arrive as U+F0xx).
 * One class for every reader of item markers (structure, TOC text, cardinality, merging), so a
 * glyph one of them knows is known to all. Dashes, stars and the Courier "o" are readers' own
 * business: each needs its own context (a space after it, a word after that).
 */
export const BULLET_GLYPH = '[•‣⁃∙·\\u25A0-\\u25FF\\u2713\\u2714\\u2756\\u2794-\\u27BF\\uF000-\\uF0FF]';
