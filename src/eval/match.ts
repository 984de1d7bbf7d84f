import { containsTokens, normalize, tokens } from './normalize.ts';

export type AnswerItem = { name: string; surfaceForms: string[] };
export type GoldItemSurfaces = { name: string; aliases: string[] };
export type MatchPair = { answer: number; gold: number };
export type MatchResult = { pairs: MatchPair[]; recall: number; precision: number; exactSet: boolean };

type Surface = { owner: number; text: string };
type Hit = { answer: number; rank: number; slack: number };

/** How an answer surface relates to a gold surface; lower ranks win ties between answers. */
const EQUAL = 0;
const CONTAINS = 1;
const CONTAINED_CODE = 2;

/**
 * One-to-one greedy matching as the gold README defines it. Gold surfaces are tried
 * longest first so that a specific name ("coverage a building property") claims its
 * answer before a short alias ("coverage a") of another item can. When several answer
 * items fit one gold surface, the closest one wins: equality, then containment, then
 * code reverse containment, then the least extra text, then list order.
 */
export function matchItems(answerItems: AnswerItem[], goldItems: GoldItemSurfaces[]): MatchResult {
  const answers = answerItems.map((a) => normalizedSurfaces([a.name, ...a.surfaceForms]));
  const goldSurfaces = goldItems
    .flatMap((g, owner) => normalizedSurfaces([g.name, ...g.aliases]).map((text) => ({ owner, text })))
    .sort(longestFirst);
  const usedAnswer = new Set<number>();
  const usedGold = new Set<number>();
  const pairs: MatchPair[] = [];
  for (const surface of goldSurfaces) {
    if (usedGold.has(surface.owner)) continue;
    const hit = bestAnswer(surface.text, answers, usedAnswer);
    if (hit === null) continue;
    usedAnswer.add(hit);
    usedGold.add(surface.owner);
    pairs.push({ answer: hit, gold: surface.owner });
  }
  return { pairs, ...rates(pairs.length, answerItems.length, goldItems.length) };
}

/**
 * A code is a surface with a digit or a dotted identifier (`gv.oc`). Abbreviations made of
 * single letters (`e.g`, `i.e`, `u.s`) are not identifiers, so they do not make a long
 * prose item a code and open it to reverse containment.
 */
export function isCode(normalized: string): boolean {
  if (/\p{N}/u.test(normalized)) return true;
  return tokens(normalized).some((t) => t.includes('.') && t.split('.').some((part) => part.length > 1));
}

/** How an answer surface matches a gold surface, or null; both normalised. */
export function surfaceRelation(answer: string, gold: string): number | null {
  if (answer === '' || gold === '') return null;
  if (answer === gold) return EQUAL;
  if (containsTokens(answer, gold)) return CONTAINS;
  if (isCode(answer) && containsTokens(gold, answer)) return CONTAINED_CODE;
  return null;
}

function bestAnswer(gold: string, answers: string[][], used: Set<number>): number | null {
  let best: Hit | null = null;
  for (const [answer, surfaces] of answers.entries()) {
    if (used.has(answer)) continue;
    for (const text of surfaces) {
      const rank = surfaceRelation(text, gold);
      if (rank === null) continue;
      const hit: Hit = { answer, rank, slack: Math.abs(text.length - gold.length) };
      if (best === null || closer(hit, best)) best = hit;
    }
  }
  return best?.answer ?? null;
}

function closer(a: Hit, b: Hit): boolean {
  if (a.rank !== b.rank) return a.rank < b.rank;
  if (a.slack !== b.slack) return a.slack < b.slack;
  return a.answer < b.answer;
}

function longestFirst(a: Surface, b: Surface): number {
  // Array.prototype.sort is stable, so equal lengths keep gold order.
  return b.text.length - a.text.length;
}

/** Distinct non-empty normalised forms; an empty surface would contain-match nothing anyway. */
function normalizedSurfaces(raw: string[]): string[] {
  return [...new Set(raw.map(normalize).filter((s) => s !== ''))];
}

function rates(matched: number, answerCount: number, goldCount: number) {
  return {
    // Nothing to find counts as all found; an empty answer to a non-empty gold set has precision 0.
    recall: goldCount === 0 ? 1 : matched / goldCount,
    precision: answerCount === 0 ? (goldCount === 0 ? 1 : 0) : matched / answerCount,
    exactSet: matched === goldCount && matched === answerCount,
  };
}
