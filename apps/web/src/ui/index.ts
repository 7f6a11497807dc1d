export { Button, type ButtonProps, type ButtonVariant } from './Button';
export { SeatGrid, seatRange, type SeatGridProps, type SeatInfo, type SeatState } from './SeatGrid';
export { Timer, type TimerProps } from './Timer';
export { Layout, type LayoutProps } from './Layout';
export { LanguageSwitch } from './LanguageSwitch';
export { RoomStatus, usePhaseLabel } from './RoomStatus';
export { seatsOf } from './seats';
export { Notice } from './Notice';
export { useLockout, LOCKOUT_MS } from './useLockout';
