/**
 * A room screen's title: what the screen is («Место 3», «Ведущий») and the room's code beside it,
 * smaller. On a phone the two do not fit one line beside the status and the language switch: the
 * code then goes under the name whole, never «Место 1 ·» over «T83NPY».
 */
export function RoomTitle({ name, code }: { readonly name: string; readonly code: string }) {
  return (
    <span className="room-title">
      <span>{name}</span>
      <span className="visually-hidden"> · </span>
      <span className="room-title-code">{code}</span>
    </span>
  );
}
