import type { PaymentStatus } from '@cairn/contract';
import { findTransition } from './transitionTable.js';
import type { OkDecision } from './types.js';

/**
 * Why `decision`, taken on a payment in `from`, breaks the transition table, or undefined if it does
 * not: its steps must chain from `from` to its status, each an edge of TRANSITIONS, and no step means no
 * status change.
 */
export function tableViolation(from: PaymentStatus, decision: OkDecision): string | undefined {
  let at = from;
  for (const step of decision.steps ?? []) {
    if (step.from !== at) return `step ${step.from} -> ${step.to} does not start at ${at}`;
    if (findTransition(step.from, step.to, step.trigger) === undefined) {
      return `${step.from} -> ${step.to} on ${step.trigger} is not in the transition table`;
    }
    at = step.to;
  }
  return at === decision.status ? undefined : `steps end at ${at} but the decision says ${decision.status}`;
}
