// @ts-check
// The types the page's modules share, for tsc (JSDoc only: nothing here runs, and no module
// imports this file at run time; the others name its types as import("./types.js").View).
// The server's answers (kosynka/web/schemas.py), the game record, the stored options, and what
// a game's page module brings (GameModule: the contract at the top of controller.js).

/** A page language. @typedef {"en"|"ru"} Lang */

/** The words of one language (i18n.js's, each game's, the server's) by name: a text, or a
 * function that makes one from numbers and names. @typedef {Record<string, any>} Words */

/** Words as they are written (each one a text or a function making one), before they join
 * the language's words. @typedef {Record<string, string | ((...args: any[]) => string)>} WordList */

/** A deal number: a JSON number, or its digits when it is past a browser's exact integers.
 * @typedef {number|string} DealNumber */

/** A game's rules as its API takes them (each game its own fields).
 * @typedef {Record<string, any>} Rules */

/** The stored options: every game's (their keys from the page's data, page.js) and the shared
 * ones (store.js).
 * @typedef {Record<string, any>} Options */

/**
 * What the page keeps of a game and sends with every request: the rules, the deal, the moves.
 * @typedef {object} GameRecord
 * @property {string} [game]
 * @property {Rules} rules
 * @property {{number: DealNumber, numbering?: string, source?: string}} deal
 * @property {string[]} moves
 */

/** @typedef {{down: number, up: string[]}} ColumnView */
/** @typedef {{suit: string, count: number, top: string|null}} FoundationView */
/** One place of a table made of places: its card when face up, whether a card lies there, where
 * it is drawn (row; x in half card widths) and the places that cover it.
 * @typedef {{card: string|null, filled: boolean, row: number, x: number, covered_by: number[]}} PlaceView */

/** One step of a score's account.
 * @typedef {object} StepView
 * @property {string} code
 * @property {number} points
 * @property {number} change
 * @property {number} score
 * @property {number|null} move
 * @property {string|null} text
 * @property {string} en
 * @property {string} ru
 */

/** A view's score.
 * @typedef {object} ScoreView
 * @property {string} scoring
 * @property {string[]} scorings
 * @property {boolean} cumulative
 * @property {number} score
 * @property {number} game_points
 * @property {boolean} won
 * @property {boolean} assisted
 * @property {StepView[]|null} [steps]
 */

/**
 * What the player may see of a position and may do there. The counters are each game's own
 * by name (`moves` in every game; some may be null, as an unlimited number of passes).
 * @typedef {object} View
 * @property {ColumnView[]} columns
 * @property {string[]} waste
 * @property {(string|null)[]} cells
 * @property {string[]} [stock]   the stock's face-up cards, top card last (empty where it lies face down)
 * @property {PlaceView[]} [places]
 * @property {FoundationView[]} foundations
 * @property {{moves: number, [name: string]: any}} counters
 * @property {string[]} legal
 * @property {boolean} can_undo
 * @property {"won"|"stuck"|null} outcome
 * @property {boolean} collect
 * @property {ScoreView|null} [score]
 */

/** What a score depends on besides the moves: the scoring, the seconds played, the moves taken
 * back, the hints asked for, and a cumulative scoring's running total carried in.
 * @typedef {{scoring?: string, seconds?: number, undos?: number, hints?: number, carry?: number|null}} ScoreRequest */

/** @typedef {{view: View}} ViewAnswer */
/** @typedef {{accepted: boolean, applied: string[], reason: {code: string, en: string, ru: string}|null, view: View}} MoveAnswer */
/** @typedef {{record: GameRecord, view: View}} DealAnswer */
/** @typedef {{move: string|null, kind: string, winnable: boolean|null, chance?: number|null, en: string, ru: string}} HintAnswer */
/** @typedef {{status: "winnable"|"lost"|"unknown", lost_at?: number|null, en: string, ru: string}} AnalysisAnswer */
/** @typedef {{available: boolean, moves: string[]}} CollectAnswer */
/** Which deal sources exist for some rules. @typedef {Record<string, boolean>} Sources */

/** A card taken up: its element's key, its code, its pile and its place in the pile.
 * @typedef {{key: string, code: string, pile: string, index: number}} Picked */

/** The card selected, and when it was first tapped (ms; two taps in a row are a double tap).
 * @typedef {Picked & {at: number}} Selection */

/** What a tap on the table stands for (board.js's targetOf): a card that can be taken up, a
 * pile (by a card that cannot), an empty place, the stock, or the table around them.
 * @typedef {({kind: "card"} & Picked) | {kind: "pile"|"slot"|"stock", pile: string} | {kind: "background", pile?: undefined}} Target */

/** The table's measures for one width and height (board/geometry.js's sized()).
 * @typedef {object} Geometry
 * @property {number} W
 * @property {number} H
 * @property {number} n          columns
 * @property {number} gap
 * @property {number} cw         card width
 * @property {number} ch         card height
 * @property {(i: number) => number} x   the left of column `i`
 * @property {number} topY
 * @property {number} tabY
 * @property {boolean} compact
 * @property {number} readable   the strip that shows a covered card's corner (rank and suit) whole
 * @property {number} avail      the height the columns have
 * @property {number} dNorm
 * @property {number} dMin
 * @property {number} uMax
 * @property {number} floor
 * @property {number} ix         the width the corners are drawn for (`cw`, less where the strips are narrower than `readable`)
 */

/** A card the table shows: where it stands and what it says.
 * @typedef {object} CardSpec
 * @property {string} [key]
 * @property {string} [code]
 * @property {"up"|"down"|"stock"} kind
 * @property {number} x
 * @property {number} y
 * @property {number} z
 * @property {string} pile
 * @property {number} [index]
 * @property {string} [label]
 * @property {boolean} [playable]
 * @property {boolean} [inert]
 * @property {boolean} [fromStock]
 * @property {number} [count]
 */

/** What the table's drawing is told besides the view (the record, where the rules change how
 * the top row lies). @typedef {{record?: GameRecord|null}} RenderContext */

/**
 * The tools a game's layoutTop draws its top row with.
 * @typedef {object} LayoutTools
 * @property {(spec: CardSpec) => void} place
 * @property {(pile: string, cls: string, x: number, y: number, label: string, icon?: string|null) => void} slot
 * @property {(name: string, x: number, y: number, w: number, h: number) => void} frame
 * @property {Words} t
 * @property {Lang} lang
 * @property {RenderContext} ctx
 */

/** A counter of the status line. @typedef {object} Counter
 * @property {string} id
 * @property {string} label
 * @property {string} [short]
 * @property {string} [title]
 * @property {(view: View, record: GameRecord) => string|number|null} value
 */

/** A row of the Options dialog: a list ({select: id, choices: [[value, label?]]}) or a box
 * ({check: id}). @typedef {{select?: string, check?: string, label: string, choices?: string[][]}} OptionRow */

/** The Options dialog's form fields, by id. @typedef {(id: string) => {value: string, checked: boolean}} Fields */

/** @typedef {{scoring: string, cumulative: boolean}} Scoring */

/**
 * A game's page module (js/games/<name>.js, its default export): see the top of controller.js.
 * @typedef {object} GameModule
 * @property {string} name
 * @property {string} numbering
 * @property {string|undefined} newNumbering
 * @property {number} width
 * @property {number} tallness
 * @property {number} [maxCard]
 * @property {number} [downStep]
 * @property {number} [minUp]
 * @property {boolean} [dealsOntoColumns]
 * @property {(view: View) => (string|null)[]} topRow   the top row's piles under the columns (null: none)
 * @property {(view: View, g: Geometry, tools: LayoutTools) => void} layoutTop
 * @property {(view: View) => number} [stockCount]
 * @property {(g: Geometry) => {x: number, y: number}} [stockPlace]
 * @property {number} [placeStep]   a table of places: the step from a row to the next, in card heights (0.5)
 * @property {(g: Geometry) => number} [placesTop]   a table of places: the top of its first row (the columns' top)
 * @property {boolean} hasStock
 * @property {{id: string, variant: string, label: string}[]} variants
 * @property {string} [variantLabel]
 * @property {{variant: string, label: string}[]} statColumns
 * @property {(path: string, search?: string) => PathInfo} parsePath
 * @property {(record: GameRecord) => string} pathOf
 * @property {(record: GameRecord) => string} variantOf
 * @property {(options: Options) => string} defaultVariant
 * @property {(variant: string) => string|null} variantPath
 * @property {(options: Options, variant: string) => void} rememberVariant
 * @property {(variant: string) => string} pageVariant
 * @property {(variant: string) => string} saveKey
 * @property {(variant: string, options: Options) => Rules} rulesFor
 * @property {(record: GameRecord, variant: string, number: DealNumber, rules?: Rules|null) => boolean} sameDeal
 * @property {(lang: Lang) => string} rulesPath
 * @property {string} sourceOption
 * @property {{rows?: OptionRow[], notes?: string[], auto: boolean, fill: (field: Fields, options: Options) => void, read: (field: Fields, options: Options) => boolean}} options
 * @property {(view: View) => string|null} stockMove
 * @property {(view: View, sel: Picked, record?: GameRecord|null) => Map<string, string>} destinations
 * @property {(view: View, sel: Picked, pile: string) => string|{refuse: string}|null} moveTo
 *     the move that puts `sel` on `pile` (sent, and refused by the rules if it is not legal),
 *     a refusal the page tells without a move ({refuse: the name of a reason in the game's
 *     reasons module, as /texts/<game>.json names it}), or null (no such move)
 * @property {(view: View, sel: Picked) => string|null} quickMove
 * @property {(view: View, move: string, board: import("./board.js").Board) => (string|null)[]} hintMarks
 * @property {(before: View, applied: string[], after: View) => View[]} [stages]
 * @property {Counter[]} counters
 * @property {(move: string, before: View, after: View, t: Words, lang: Lang) => string} describe
 * @property {(view: View, t: Words, time: string) => string} winText
 * @property {Record<Lang, WordList>} strings
 * @property {(options: Options) => Scoring} [scoring]
 * @property {{id: string, label: string}[]} [scorings]
 * @property {{path: (variant: string, rules: Rules) => string, variant: (part: string) => string|null,
 *   query: (variant: string, part: string) => Record<string, any>, remember?: (options: Options, part: string) => void,
 *   label?: (rules: Rules, t: Words) => string}} daily
 */

/** What a page address says (a game's parsePath): the variant, the deal's number as a number
 * and as its digits, the rules it names, and whether part of it could not be read.
 * @typedef {{variant: string|null, number: number|null, text?: string|null, rules?: Rules, badQuery?: boolean}} PathInfo */

export {};
