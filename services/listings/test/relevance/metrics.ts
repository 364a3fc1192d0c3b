/**
 * Ranking metrics for the judged relevance set. Judgments grade listings by key: 3 exactly what was
 * asked, 2 relevant, 1 marginally relevant; a listing without a grade counts 0. A query with no judged
 * listing must find nothing: both metrics are then 1 for an empty answer and 0 otherwise.
 */
export type Judgments = Readonly<Record<string, number>>;

export const CUTOFF = 10;

const gradeOf = (judgments: Judgments, key: string) => judgments[key] ?? 0;
const relevantCount = (judgments: Judgments) => Object.values(judgments).filter((grade) => grade >= 1).length;

/**
 * Relevant listings among the top k, over k, where k = min(cutoff, number of relevant listings): a query
 * with 4 relevant listings is judged on its top 4, so a perfect ranking always scores 1.
 */
export function precisionAtK(returned: readonly string[], judgments: Judgments, cutoff = CUTOFF): number {
  const relevant = relevantCount(judgments);
  if (relevant === 0) return returned.length === 0 ? 1 : 0;
  const k = Math.min(cutoff, relevant);
  return returned.slice(0, k).filter((key) => gradeOf(judgments, key) >= 1).length / k;
}

/** Discounted cumulative gain of grades in order: gain 2^grade − 1, discount log2(position + 1). */
export function dcg(grades: readonly number[]): number {
  return grades.reduce((sum, grade, index) => sum + (2 ** grade - 1) / Math.log2(index + 2), 0);
}

/** DCG of the top `cutoff` answers over the DCG of the judged listings in their ideal order. */
export function ndcgAtK(returned: readonly string[], judgments: Judgments, cutoff = CUTOFF): number {
  if (relevantCount(judgments) === 0) return returned.length === 0 ? 1 : 0;
  const ideal = dcg(
    Object.values(judgments)
      .filter((grade) => grade >= 1)
      .sort((a, b) => b - a)
      .slice(0, cutoff),
  );
  return dcg(returned.slice(0, cutoff).map((key) => gradeOf(judgments, key))) / ideal;
}

export const mean = (values: readonly number[]): number => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);
