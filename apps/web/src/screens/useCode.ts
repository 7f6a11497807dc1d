import { useParams } from 'react-router';

/** The room code of the route /r/:code/… (upper case). */
export function useCode(): string {
  return (useParams().code ?? '').toUpperCase();
}
