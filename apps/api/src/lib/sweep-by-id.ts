/**
 * A job's sweep over the rows due for a change: in batches by id (each batch starts after the last id of
 * the one before, so rows changed on the way are not read again), each row settled on its own so that one
 * failing row does not stop the others, how many ended each way counted, and the failures thrown together
 * at the end (the job is retried; settled rows are no longer due).
 */
export async function sweepById<Outcome extends string>(options: {
  batchSize: number;
  /** The ids due after `afterId`, in id order, at most `limit`. */
  due: (afterId: number, limit: number) => Promise<Array<{ id: number }>>;
  /** Settles one row: how it ended, or nothing when it was no longer due. */
  settle: (id: number) => Promise<Outcome | null | undefined>;
  /** The counts to add to, one per outcome. */
  counts: Record<Outcome, number>;
  /** What the failures' error says after their number ("insurance(s) could not change status"). */
  failed: string;
}): Promise<Record<Outcome, number>> {
  const { batchSize, counts } = options;
  const failures: unknown[] = [];
  let afterId = 0;
  for (;;) {
    const due = await options.due(afterId, batchSize);
    for (const { id } of due) {
      try {
        const outcome = await options.settle(id);
        if (outcome) counts[outcome] += 1;
      } catch (error) {
        failures.push(error);
      }
    }
    if (due.length < batchSize) break;
    afterId = due[due.length - 1]!.id;
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} ${options.failed}`);
  return counts;
}
