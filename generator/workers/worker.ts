import { drawCardTask } from '../cards/draw.ts';
import { makeImage } from '../images/make.ts';
import { renderPages } from '../render/pages-task.ts';
import type { Task, TaskKind, TaskKinds } from './pool.ts';

// A pool thread (pool.ts). Results are copied, not transferred: Node 22+ cannot transfer resvg's
// memory (DataCloneError), and the copy is cheap next to drawing.

const run: { [K in TaskKind]: (input: TaskKinds[K]['input']) => Promise<TaskKinds[K]['output']> } = {
  card: drawCardTask,
  pages: (task) => Promise.resolve(renderPages(task)),
  image: makeImage,
};

export default function runTask(task: Task): Promise<unknown> {
  // A union of the kinds' functions cannot be called.
  return (run[task.kind] as (input: Task['input']) => Promise<unknown>)(task.input);
}
