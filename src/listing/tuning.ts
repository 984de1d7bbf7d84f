/**
 * Every tuning constant of candidate-list ranking and verdicts, in one place, with why.
 * They weigh kinds of evidence against each other; none names a document or a question.
 */
export const TUNING = {
  /**
   * Where a question word is found matters: the sentence that introduces a list ("We do not
   * insure the following:") and the heading above it speak for the whole list; a word in one
   * item's label may be a coincidence.
   */
  listFieldWeights: { intro: 2, heading: 1.6, parent: 1.4, items: 0.8, ancestors: 0.6 },
  /** A reference the question names ("Article 16", "Section 3.2.1") pins the place outright. */
  listRefWeight: 3,
  /**
   * The largest count of the document's own noun that a series of ordinal sentences may bear out
   * ("three desiderata. One is ... The third is ..."): prose counts few things that way; a
   * larger number is a figure of the text, not a list written out.
   */
  ownCountMaxItems: 12,
  /** Per reference the question names that this list is not in or near. */
  listRefMissPenalty: 2,
  /** The item noun ("exclusions") in the list's intro or heading. */
  listNounWeight: 1.5,
  /** A list introduced by a colon is announced as a list of something. */
  listIntroducedWeight: 0.75,
  /** Inside the section the TOC routing landed in. */
  listScopeWeight: 1,
  /** The list holds the scope itself as an item: it is the scope's level, not the level asked. */
  listScopeIsItemPenalty: 6,
  /** The question names a part ("under MANAGE") that the list's context never names. */
  listScopeMissPenalty: 3,
  /**
   * A scope written as a name ("MANAGE", in capitals) is as precise as a reference: a list that
   * never names it is almost surely about another part. Scope words in lower case come from a
   * reading of the question that can be wrong, so they weigh less.
   */
  listNamedScopeMissPenalty: 6,
  /**
   * A series in running prose ("A, B, and C") that is neither announced by a colon nor named by
   * the item noun is weaker evidence than a list set out as one.
   */
  seriesUntiedPenalty: 2,
  /**
   * Per share of the question's words found in the list's introducing sentence itself: of two
   * lists that the words around them fit alike, the one whose own intro says more is the answer.
   */
  listIntroCoverageWeight: 1,
  /** Nearly every item names itself by the item noun ("Coverage A", "Tier 2"): instances of what is asked. */
  listItemsNamedWeight: 3,
  /**
   * The question negates its predicate and the list's intro, heading or leading sentences negate
   * too ("We do not insure"); counted twice when they negate the same word ("not considered").
   */
  listPolarityWeight: 2,
  /** The list's heading or intro names what the question sets aside ("not the basic ones"). */
  listExcludedPenalty: 6,
  /**
   * A run of a list under its own heading ("Derived ..." inside a family of codes) ties with the
   * whole on every word but its heading: unless that heading says something the question asks,
   * the whole is the answer.
   */
  partOfWholePenalty: 3,
  /**
   * The level below a list (its items' nested items, gathered; see sub-levels.ts) is a candidate
   * only when this share of its items holds a word the question asks by, and twice the share of
   * the list's own items: otherwise the question is about the list, its nested items details.
   */
  subLevelWordShare: 0.5,
  /**
   * As many items as the document or question says there are: a count stated for the item noun
   * itself ("the fourteen families") is about as telling as the words around a list. So is being
   * the list the document's count sentence introduces (the first after it), met or not.
   */
  listCountWeight: 3,
  /**
   * Share of listCountWeight added to a series inside the count sentence with as many elements
   * as it states ("4 primitive types (string, number, boolean, null) and two structures:"): the
   * colon opens a list of the other noun; the count is met where it is written. Half: enough to
   * beat the list after the colon on a tie, not enough to outweigh the question's words.
   */
  cueSentenceSeriesShare: 0.5,
  /**
   * The question names a mark that some rows of a table carry in their last column ("FED"):
   * those rows are asked for, as surely as a reference names a part.
   */
  listMarkedRowsWeight: 3,
  /**
   * The question's item phrase of two words or more ("General Conditions") stands as a phrase in
   * the list's own heading: a title that names what is asked.
   */
  listPhraseTitledWeight: 2,
  /**
   * Per share of the question's neighbouring word pairs that stand side by side in the list's
   * intro or heading (search/proximity.ts): of lists whose intros hold the same words, the one
   * that says them as the question does.
   */
  listAdjacentWeight: 2,
  /** How many enclosing lists a nested list's context reaches up through (intro and item of each). */
  ancestryMaxDepth: 3,
  /** A column of marks needs rows enough to repeat its few values; a short table is read whole. */
  markColumnMinRows: 4,
  /**
   * An item the question restates ("i.e. expected to be routinely satisfied by ..."): at least
   * this many content words, and this share of them in the question. The question starts from
   * that item, so its list is the level above the one asked.
   */
  restatedMinWords: 4,
  restatedMinShare: 0.8,
  /** An item named by the item noun ("Coverage A", "Tier 2 Partial") opens with it or is a name of a few words, not a sentence. */
  instanceNameMaxWords: 5,
  /** Below this share of the question's keywords found around a list, the list is not the answer. */
  listMinCoverage: 0.34,
  /** Below this score the best list is too weakly tied to the question to be used at all. */
  listMinScore: 4,
  /** "Complete" also needs most of the question's words around the list, not just enough to rank first. */
  listMinCoverageComplete: 0.75,
  /**
   * "Complete" needs the chosen list to beat the runner-up by this share of its score: two
   * lists that fit the question about equally well mean we do not know which is the answer.
   */
  listMinMargin: 0.2,
  /** Candidates shown to the arbiter model when the ranking is contested (one call, compact lines). */
  arbiterCandidates: 4,
  /**
   * A question that reads as factual becomes a listing only on strong evidence: the best list
   * must cover this share of its words and lead the runner-up by this margin.
   */
  intentMinCoverage: 0.75,
  /**
   * A routed section "is" a list when that list's items hold at least this share of its text:
   * the rest is its heading, the sentence that introduces the list and a closing remark.
   */
  sectionListMinShare: 0.6,
  intentMinMargin: 0.3,
  /**
   * Below this confidence the question's words cannot tell a listing from a fact; inside the
   * section routing landed on, a list then needs only this coverage and margin to decide it.
   */
  intentUnsureConfidence: 0.6,
  intentUnsureMinCoverage: 0.5,
  intentUnsureMinMargin: 0.15,
  /**
   * A condition on members (see condition.ts) is two of the question's words at least, shared by
   * every member kept: one word in a member's text is as often a passing mention.
   */
  conditionMinWords: 2,
  /** A list of fewer members is read whole: a split of two says little. */
  conditionMinItems: 4,
  /** Members kept by a condition are a part of the list: most of it is the list itself. */
  conditionMaxShare: 0.6,
  /**
   * Two lists whose scores differ by less than this share are tied (see rankLists): the scores
   * move by a few thousandths with every list a document gains, which must not decide.
   */
  listScoreTie: 0.002,
} as const;
