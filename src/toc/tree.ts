import type { TocRow } from './types.ts';

export type TocEntrySource = TocRow['source'];

/** A place in reading order: physical page and line number on it. */
export interface Position {
  page: number;
  line: number;
}

/** Working tree node; flattened into rows at the end. */
export interface TocNode {
  title: string;
  page: number;
  /** Line number of the heading on `page`, when found. */
  line: number | null;
  /** Vertical position of the heading (or outline destination) on its page, for ordering. */
  y: number | null;
  source: TocEntrySource;
  verified: boolean;
  originalPage: number | null;
  flags: string[];
  routable: boolean;
  children: TocNode[];
  /** Style of the heading line, when found: used to recognise its unlisted siblings and children. */
  headingStyle: HeadingStyle | null;
}

export interface HeadingStyle {
  size: number;
  weight: number;
  font: string | null;
  caps: boolean;
  x0: number;
  column: number;
}

export function newNode(init: Partial<TocNode> & Pick<TocNode, 'title' | 'page' | 'source'>): TocNode {
  return {
    line: null,
    y: null,
    verified: false,
    originalPage: null,
    flags: [],
    routable: true,
    children: [],
    headingStyle: null,
    ...init,
  };
}

export function walk(nodes: TocNode[], fn: (n: TocNode, parent: TocNode | null, depth: number) => void, parent: TocNode | null = null, depth = 0): void {
  for (const n of nodes) {
    fn(n, parent, depth);
    walk(n.children, fn, n, depth + 1);
  }
}

export function preorder(nodes: TocNode[]): TocNode[] {
  const out: TocNode[] = [];
  walk(nodes, (n) => out.push(n));
  return out;
}

export function addFlag(n: TocNode, flag: string): void {
  if (!n.flags.includes(flag)) n.flags.push(flag);
}
