import { INITIAL_ROOM_STATE, type RoomState } from './roomState';

/**
 * The room's state as an external store for React's useSyncExternalStore: `getState()` returns a
 * new object after every change, and `subscribe()` is told of each one.
 */
export class RoomStore {
  private state: RoomState = INITIAL_ROOM_STATE;
  private readonly listeners = new Set<() => void>();

  /** `unacked`: the ids in flight, written into every new state so it can never be stale. */
  constructor(private readonly unacked: () => readonly string[]) {}

  readonly getState = (): RoomState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(patch: Partial<RoomState>): void {
    this.state = { ...this.state, ...patch, unacked: this.unacked() };
    for (const l of [...this.listeners]) l();
  }
}
