/**
 * A place in reading order as one comparable number: page first, then line. Pages hold far
 * fewer than 100,000 lines, so the order of the numbers is the order of the places.
 */
export function readingPosition(pageNum: number, lineNum: number | null | undefined): number {
  return pageNum * 100_000 + (lineNum ?? 0);
}
