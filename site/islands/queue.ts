import { HydrationQueue } from './hydration-queue.ts';

/** A new task via a message: unlike timers it is not clamped, throttled or faked by test clocks. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The page's one hydration queue (the client holds it before hydrating). */
export const hydrationQueue = new HydrationQueue(nextTask);

export { nextTask };
