/**
 * A record's state machine on the desk (decision 0074): the buttons a page shows and the refusals a
 * post gets come from the same table of moves, one per action.
 */
export interface Transition<Status> {
  from: readonly Status[];
  to: Status;
  /** The button: named by what it does. */
  label: string;
}

export function isActionOf<Action extends string>(actions: readonly Action[], value: string): value is Action {
  return (actions as readonly string[]).includes(value);
}

/** The actions a status allows, in the order the desk shows them. */
export function actionsFrom<Action extends string, Status>(
  actions: readonly Action[],
  moves: Record<Action, Transition<Status>>,
  status: Status,
): Action[] {
  return actions.filter((action) => moves[action].from.includes(status));
}
