import { move } from 'piscina';
import { drawCardTask } from '../cards/draw.ts';
import { renderPages } from '../render/pages-task.ts';
import type { Task, TaskKind, TaskKinds } from './pool.ts';

// A thread of the pool (pool.ts): runs each task it is given by its kind.

const run: { [K in TaskKind]: (input: TaskKinds[K]['input']) => Promise<TaskKinds[K]['output']> } = {
  card: drawCardTask,
  pages: (task) => Promise.resolve(renderPages(task)),
};

export default async function runTask(task: Task): Promise<unknown> {
  // Each kind's function with its own input: the union of the kinds' functions cannot be called.
  const output = await (run[task.kind] as (input: Task['input']) => Promise<unknown>)(task.input);
  // A byte array's memory is handed over, not copied, when it holds all of it.
  return output instanceof Uint8Array && output.byteLength === output.buffer.byteLength ? move(output) : output;
}
