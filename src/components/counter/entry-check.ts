import { checkCounterEntry, type CounterEntryInput } from "@portal/domain";

// The counter's rules (checkCounterEntry), run on the device before an entry is numbered and signed,
// so an entry the server would only hold is corrected at the counter. Built as a worker of its own
// (`?worker&url`): the rules share the NRIC and e-mail checks with the enrolment and checkout pages,
// and importing them into the page would split those pages' chunks; as a worker it has its own copy,
// loaded when the amil first issues a receipt (and kept by the service worker).
self.onmessage = (event: MessageEvent<CounterEntryInput>) => {
  const checked = checkCounterEntry(event.data);
  self.postMessage(checked._tag === "Failure" ? checked.failure.fields : []);
};
