import type { ReactNode } from 'react';

/** A titled part of a club page; its heading names it for screen readers (aria-labelledby). */
export function TitledSection({ id, title, children }: { readonly id: string; readonly title: ReactNode; readonly children?: ReactNode }) {
  return (
    <section className="stack" aria-labelledby={id}>
      <h2 id={id} className="club-h">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A club list of `items`, one `<li>` each from `children`, or the muted sentence `empty` when there are none. */
export function ClubList<T>({ items, empty, children }: {
  readonly items: readonly T[];
  readonly empty: ReactNode;
  readonly children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return <ul className="club-list">{items.map(children)}</ul>;
}
