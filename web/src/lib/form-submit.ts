import type { FormEvent } from 'react';

/** A form's submit handler that runs `run` instead of sending the page (what `run` returns is not waited for here). */
export function onSubmitRun(run: () => unknown) {
  return (event: FormEvent) => {
    event.preventDefault();
    void run();
  };
}
