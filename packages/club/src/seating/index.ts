export { planEvening, type PlanEveningInput, type EveningPlan } from './plan.js';
export { seatNextGame, type SeatNextGameInput, type NextGameSeating } from './next.js';
export { swapPlayers, type SwapResult } from './swap.js';
export { seatingQualities } from './qualities.js';
export { SeatingError, SEATING_LIMITS, type ApartPair, type MeetingStats, type SeatingErrorCode, type SeatingGame, type SeatingHistory, type SeatingQualities } from './types.js';
