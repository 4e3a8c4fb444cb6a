import { drawCardTask } from '../cards/draw.ts';
import { makeImage } from '../images/make.ts';
import { renderPages } from '../render/pages-task.ts';
import type { Task, TaskKind, TaskKinds } from './pool.ts';

// A thread of the pool (pool.ts): runs each task it is given by its kind. What it returns is
// copied to the main thread: a card's PNG comes from resvg in memory that Node 22 and later cannot
// hand over between threads (a transfer fails with DataCloneError), and copying tens of KB costs
// nothing next to drawing it.

const run: { [K in TaskKind]: (input: TaskKinds[K]['input']) => Promise<TaskKinds[K]['output']> } = {
  card: drawCardTask,
  pages: (task) => Promise.resolve(renderPages(task)),
  image: makeImage,
};

export default function runTask(task: Task): Promise<unknown> {
  // Each kind's function with its own input: the union of the kinds' functions cannot be called.
  return (run[task.kind] as (input: Task['input']) => Promise<unknown>)(task.input);
}
