import { move } from 'piscina';
import { drawCardTask } from '../cards/draw.ts';
import type { Task, TaskKind, TaskKinds } from './pool.ts';

// A thread of the pool (pool.ts): runs each task it is given by its kind.

const run: { [K in TaskKind]: (input: TaskKinds[K]['input']) => Promise<TaskKinds[K]['output']> } = {
  card: drawCardTask,
};

export default async function runTask(task: Task): Promise<unknown> {
  const output = await run[task.kind](task.input);
  // A byte array's memory is handed over, not copied, when it holds all of it.
  return output instanceof Uint8Array && output.byteLength === output.buffer.byteLength ? move(output) : output;
}
