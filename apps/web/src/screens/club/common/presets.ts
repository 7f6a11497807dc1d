/**
 * The presets an evening may use, in the create form's order. A copy of the engine's ids (a value
 * import of @mafia/engine would bring the engine into the club's chunks); test/club-presets.test.ts
 * keeps it equal to PRESET_IDS.
 */
export const CLUB_PRESETS = ['classic', 'sport', 'fiim', 'short', 'club', 'tabletop', 'party', 'piter', 'extended'] as const;
