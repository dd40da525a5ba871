// @ts-check
// Words on the page in English and Russian, and the spoken names of cards. These are the words
// every game's page shares; each game's module adds its own, and the server those that come from
// the registry of games (the game's title, the games menu: page.js) (addStrings).

const RANKS = {
  en: ["ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king"],
  ru: ["туз", "двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка", "девятка", "десятка", "валет", "дама", "король"],
};
/** @typedef {import("./types.js").Lang} Lang */
/** @typedef {import("./types.js").Words} Words */
/** @typedef {import("./types.js").WordList} WordList */
/** A noun's forms for numbers, by plural rule: {one, other} in English, {one, few, many} in
 * Russian. @typedef {Partial<Record<Intl.LDMLPluralRule, string>>} Forms */

const SUITS = { en: ["clubs", "diamonds", "hearts", "spades"], ru: ["треф", "бубен", "червей", "пик"] };
const RANK_LETTERS = "A23456789TJQK";
const SUIT_LETTERS = "CDHS";

/** @type {Record<Lang, Intl.PluralRules>} */
const PLURAL_RULES = { en: new Intl.PluralRules("en"), ru: new Intl.PluralRules("ru") };

/** The form of a noun for the number `n` in `lang`, by the language's plural rules (CLDR's,
 * through Intl.PluralRules): `forms` has {one, other} in English, {one, few, many} in Russian,
 * each in the case the sentence needs: plural("ru", 21, {one: "карту", few: "карты", many:
 * "карт"}) is "карту".
 * @param {string} lang @param {number} n @param {Forms} forms */
export function plural(lang, n, forms) {
  const rule = PLURAL_RULES[lang === "ru" ? "ru" : "en"].select(n);
  return forms[rule] ?? forms.other ?? forms.many;
}

/** `n` and its noun in the form it takes: count("en", 1, {one: "card", other: "cards"}) is
 * "1 card", count("ru", 22, {one: "ряд", few: "ряда", many: "рядов"}) "22 ряда".
 * @param {string} lang @param {number} n @param {Forms} forms */
export function count(lang, n, forms) {
  return `${n} ${plural(lang, n, forms)}`;
}

/** A YYYY-MM-DD day as words: "1 December" / "1 декабря".
 * @param {string} d @param {Lang} lang */
const dayName = (d, lang) =>
  new Date(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)), 12)
    .toLocaleDateString(lang === "ru" ? "ru-RU" : "en-GB", { day: "numeric", month: "long" });
/** @param {string} one @param {string} other @returns {Forms} */
const en = (one, other) => ({ one, other });
/** @param {string} one @param {string} few @param {string} many @returns {Forms} */
const ru = (one, few, many) => ({ one, few, many });
/** Nouns that go with numbers on every game's page. */
const CARDS = { en: en("card", "cards"), ru: ru("карта", "карты", "карт") };

/** The words of each language: these, each game's (addStrings) and the server's (page.js).
 * @type {Record<Lang, Words>} */
export const STRINGS = /** @type {Record<Lang, WordList>} */ ({
  en: {
    games: "Games",
    source: "Deals", srcEasy: "Easy", srcNormal: "Normal", srcHard: "Hard", srcRandom: "Random",
    srcChosen: "by number", srcWinnable: "random, proven winnable",
    options: "Options", stats: "Statistics", rules: "Rules", table: "Card table", share: "Copy the address of this deal",
    status: "Game status", deal: "Deal", moves: "Moves", time: "Time",
    newDeal: "New deal", restart: "Restart", undo: "Undo", redo: "Redo", hint: "Hint", collect: "Collect",
    optAuto: "Send safe cards to the foundations automatically", optFour: "Four-colour deck",
    optNextDeal: "These rules apply from the next deal.",
    optReturn: "Cards may come back from the foundations",
    close: "Close", cancel: "Cancel", resetStats: "Reset",
    confirmTitle: "Start a new deal?", confirmText: "The game in progress will count as lost.", confirmYes: "New deal",
    winTitle: "You won!",
    stPlayed: "Played", stWon: "Won", stLost: "Lost", stRate: "Win rate", stStreak: "Current streak", stBest: "Best streak",
    stTime: "Best time", stMoves: "Fewest moves",
    copied: "Address copied: ", faceDownCard: "face-down card", covered: "covered",
    copyFailed: "The address could not be copied; copy it from here:", shareBtn: "Share this deal", copy: "Copy",
    emptyColumn: (i) => `empty column ${i}`, emptyFoundation: "empty foundation",
    inColumn: (i) => `column ${i}`, onFoundation: "on a foundation",
    moved: (c, d) => `${c} to ${d}.`, toFoundation: "its foundation", toColumn: (i) => `column ${i}`,
    turned: (c) => ` Turned up: ${c}.`,
    undone: "Move taken back.", redone: "Move made again.", nothingToUndo: "Nothing to undo.", nothingToRedo: "Nothing to redo.",
    restarted: "The deal starts again. Undo brings your game back.", restartUndone: "Your game is back as it was.",
    selected: (c) => `${c} selected. Choose where it goes.`, cancelled: "Selection cancelled.",
    newGame: (n) => `New deal #${n}.`, winAnnounce: "You won!", offline: "This needs the server (its solver), which did not answer: check the connection. The game goes on without it.",
    wentOffline: "Offline: moves, undo, new deals and deals of the day go on; hints and the solver's answers need the connection.",
    backOnline: "Back online: hints and the solver's answers are there again.",
    busyServer: "The server is busy just now; try again in a moment.",
    serverError: "Something went wrong on the server; try again.",
    noSuchDeal: (n) => `There is no deal ${n} here; this is a new deal.`,
    unreadable: "The saved game could not be read; this is a new deal.",
    nextDealRules: "The new rules apply from the next deal.", thinking: "Thinking…",
    fallback: "No graded deal is available here yet: this is a random deal the solver proved winnable.",
    fallbackRandom: "No graded deal is available here yet: this is a random deal.",
    minSec: (m, s) => `${m}:${String(s).padStart(2, "0")}`,
    menu: "Menu", dealMenu: "Deal",
    storageReset: "Some saved data could not be read, so it was reset to the defaults.",
    newDealToo: " This is a new deal.",
    linkRulesBad: "Part of this address could not be read; the usual rules apply.",
    srcOnlyStandard: "standard rules only",
    winnableBtn: "Still winnable?", endTitle: "No more moves", endTitleUseless: "No useful moves left",
    endTitleDeal: "This deal cannot be won",
    endTextDeal: "However it is played, this deal cannot be won from its first position. Take a new deal.",
    endTip: "At any time in a game, “Still winnable?” in the header (on a phone, in the menu) asks the solver.",
    endAsk: "Where was the win lost?", asking: "The solver is looking…",
    jumpTo: (n) => `Go back to move ${n}`,
    jumped: (n) => `Back to the position before move ${n}: the win still exists from here.`,
    analysisBusy: "The solver is busy; wait a moment and ask again.",
    analysisFailed: "The solver could not answer just now; try again.",
    wasteHas: (c, n) => `waste: ${c} on top${n > 1 ? `, ${count("en", n, CARDS.en)}` : ""}`,
    foundationHas: (c, n) => `foundation: ${c} on top, ${count("en", n, CARDS.en)}`,
    score: "Score", sc_standard: "standard scoring", streak: "Streak", account: "How the score was made",
    assistedNote: "Hints were used: this score is kept apart from the scores of games without them.",
    winStreak: (n) => `${count("en", n, en("win", "wins"))} in a row`,
    dailyStreak: (n) => `${count("en", n, en("day", "days"))} in a row with a deal of the day won`,
    stScore: "Best score", stScoreHelped: "Best score with hints", stVegas: "Vegas running total",
    optLarge: "Large print: big ranks and suits", optSound: "Sounds", optBack: "Card back", optFelt: "Table",
    bBlue: "Blue", bRed: "Red", bGreen: "Green", bBlack: "Black and gold",
    fGreen: "Green", fBlue: "Blue", fRed: "Red", fGrey: "Grey",
    daily: "Deals of the day", calPrev: "Previous month", calNext: "Next month",
    dailyOf: (d, g) => `deal of the day, ${dayName(d, "en")}, ${g}`,
    dayWon: (g) => `won: ${g}`, monthWon: (n, all) => `${n} of ${all} days won this month`,
    badge: (b) => `Every day of this month won: a ${b} badge!`, bronze: "bronze", silver: "silver", gold: "gold",
    dailyNote: "Everyone has the same deals on a given date, each one proven winnable. Win a deal every day of a month for its badge: bronze, silver (normal or hard every day) or gold (hard every day).",
    noDaily: "That deal of the day could not be opened; this is a new deal.",
  },
  ru: {
    games: "Игры",
    source: "Сдачи", srcEasy: "Лёгкие", srcNormal: "Обычные", srcHard: "Трудные", srcRandom: "Случайные",
    srcChosen: "по номеру", srcWinnable: "случайная, решаемая",
    options: "Настройки", stats: "Статистика", rules: "Правила", table: "Игровой стол", share: "Скопировать адрес этой сдачи",
    status: "Ход партии", deal: "Сдача", moves: "Ходы", time: "Время",
    newDeal: "Новая сдача", restart: "Заново", undo: "Отменить", redo: "Вернуть", hint: "Подсказка", collect: "Собрать",
    optAuto: "Сами отправлять в дома безопасные карты", optFour: "Четырёхцветная колода",
    optNextDeal: "Эти правила действуют со следующей сдачи.",
    optReturn: "Карты можно брать из домов обратно",
    close: "Закрыть", cancel: "Отмена", resetStats: "Сбросить",
    confirmTitle: "Начать новую сдачу?", confirmText: "Текущая партия будет засчитана как проигранная.", confirmYes: "Новая сдача",
    winTitle: "Победа!",
    stPlayed: "Сыграно", stWon: "Выиграно", stLost: "Проиграно", stRate: "Доля побед", stStreak: "Серия сейчас", stBest: "Лучшая серия",
    stTime: "Лучшее время", stMoves: "Меньше всего ходов",
    copied: "Адрес скопирован: ", faceDownCard: "карта рубашкой вверх", covered: "закрыта другими",
    copyFailed: "Адрес не удалось скопировать; скопируйте его отсюда:", shareBtn: "Поделиться этой сдачей", copy: "Копировать",
    emptyColumn: (i) => `пустой столбец ${i}`, emptyFoundation: "пустой дом",
    inColumn: (i) => `столбец ${i}`, onFoundation: "в доме",
    moved: (c, d) => `${c} — ${d}.`, toFoundation: "в дом", toColumn: (i) => `на столбец ${i}`,
    turned: (c) => ` Открылась: ${c}.`,
    undone: "Ход отменён.", redone: "Ход возвращён.", nothingToUndo: "Отменять нечего.", nothingToRedo: "Возвращать нечего.",
    restarted: "Сдача начата заново. «Отменить» вернёт вашу партию.", restartUndone: "Партия вернулась такой, какой была.",
    selected: (c) => `Взята карта: ${c}. Выберите, куда её положить.`, cancelled: "Выбор снят.",
    newGame: (n) => `Новая сдача №${n}.`, winAnnounce: "Победа!", offline: "Для этого нужен сервер (его решатель), а он не ответил: проверьте связь. Игра идёт и без него.",
    wentOffline: "Нет связи: ходы, отмена, новые сдачи и сдачи дня работают; подсказкам и ответам решателя нужна связь.",
    backOnline: "Связь вернулась: подсказки и ответы решателя снова доступны.",
    busyServer: "Сервер сейчас занят; попробуйте ещё раз через минуту.",
    serverError: "На сервере что-то пошло не так; попробуйте ещё раз.",
    noSuchDeal: (n) => `Сдачи ${n} здесь нет; вот новая сдача.`,
    unreadable: "Сохранённую партию не удалось прочитать; вот новая сдача.",
    nextDealRules: "Новые правила начнут действовать со следующей сдачи.", thinking: "Думаю…",
    fallback: "Сдач выбранного уровня здесь пока нет: это случайная сдача, которую решатель признал решаемой.",
    fallbackRandom: "Сдач выбранного уровня здесь пока нет: это случайная сдача.",
    minSec: (m, s) => `${m}:${String(s).padStart(2, "0")}`,
    menu: "Меню", dealMenu: "Сдача",
    storageReset: "Часть сохранённых данных не удалось прочитать, поэтому они сброшены к исходным.",
    newDealToo: " Вот новая сдача.",
    linkRulesBad: "Часть адреса не удалось прочитать; действуют обычные правила.",
    srcOnlyStandard: "только при обычных правилах",
    winnableBtn: "Ещё можно выиграть?", endTitle: "Ходов больше нет", endTitleUseless: "Полезных ходов не осталось",
    endTitleDeal: "Эту сдачу не выиграть",
    endTextDeal: "Как ни играй, эту сдачу не выиграть с первой позиции. Возьмите новую.",
    endTip: "В любой момент партии кнопка «Ещё можно выиграть?» в заголовке (на телефоне — в меню) спросит решатель.",
    endAsk: "Где был упущен выигрыш?", asking: "Решатель думает…",
    jumpTo: (n) => `Вернуться к ходу ${n}`,
    jumped: (n) => `Вы перед ходом ${n}: отсюда выигрыш ещё есть.`,
    analysisBusy: "Решатель занят; подождите немного и спросите снова.",
    analysisFailed: "Решатель сейчас не смог ответить; попробуйте ещё раз.",
    wasteHas: (c, n) => `сброс: сверху ${c}${n > 1 ? `, ${count("ru", n, CARDS.ru)}` : ""}`,
    foundationHas: (c, n) => `дом: сверху ${c}, ${count("ru", n, CARDS.ru)}`,
    score: "Очки", sc_standard: "обычный счёт", streak: "Серия", account: "Из чего сложился счёт",
    assistedNote: "Были подсказки: этот счёт учитывается отдельно от партий без подсказок.",
    winStreak: (n) => `${count("ru", n, ru("победа", "победы", "побед"))} подряд`,
    dailyStreak: (n) => `${count("ru", n, ru("день", "дня", "дней"))} подряд с выигранной сдачей дня`,
    stScore: "Лучший счёт", stScoreHelped: "Лучший счёт с подсказками", stVegas: "Итог «Вегаса»",
    optLarge: "Крупные значения и масти", optSound: "Звуки", optBack: "Рубашка карт", optFelt: "Стол",
    bBlue: "Синяя", bRed: "Красная", bGreen: "Зелёная", bBlack: "Чёрная с золотом",
    fGreen: "Зелёный", fBlue: "Синий", fRed: "Красный", fGrey: "Серый",
    daily: "Сдачи дня", calPrev: "Предыдущий месяц", calNext: "Следующий месяц",
    dailyOf: (d, g) => `сдача дня, ${dayName(d, "ru")}, ${g}`,
    dayWon: (g) => `выиграно: ${g}`, monthWon: (n, all) => `Выиграно дней в этом месяце: ${n} из ${all}`,
    badge: (b) => `Выиграны все дни месяца: ${b} значок!`, bronze: "бронзовый", silver: "серебряный", gold: "золотой",
    dailyNote: "В один и тот же день сдачи у всех одинаковые, и каждую можно выиграть. Выигрывайте сдачу каждый день месяца — получите значок: бронзовый, серебряный (каждый день обычная или трудная) или золотой (каждый день трудная).",
    noDaily: "Эту сдачу дня открыть не удалось; вот новая сдача.",
  },
});

const RANKS_ON_RU = ["тузе", "двойке", "тройке", "четвёрке", "пятёрке", "шестёрке", "семёрке", "восьмёрке", "девятке", "десятке", "валете", "даме", "короле"];
const COUNT_EN = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const COUNT_ON_RU = ["", "одной", "двух", "трёх", "четырёх", "пяти", "шести", "семи", "восьми", "девяти", "десяти"];

/** What lies in column `i` (1-based) for a screen reader, top card first: "column 3: seven of
 * clubs on eight of hearts on two face-down cards" / "столбец 3: семёрка треф на восьмёрке
 * червей на двух закрытых картах"; "column 3, empty" when nothing lies there.
 * @param {number} i @param {string[]} up @param {number} down @param {Lang} lang */
export function describeColumn(i, up, down, lang) {
  const t = STRINGS[lang];
  if (!up.length && !down) return t.emptyColumn(i);
  const parts = [];
  const top = [...up].reverse();
  if (lang === "ru") {
    top.forEach((code, k) => {
      if (k === 0) parts.push(cardName(code, "ru"));
      else {
        const { rank, suit } = parseCard(code);
        parts.push(`на ${RANKS_ON_RU[rank - 1]} ${SUITS.ru[suit]}`);
      }
    });
    if (down) {
      // "на двух закрытых картах", "на 21 закрытой карте"; alone "2 закрытые карты", "5 закрытых карт".
      const on = plural("ru", down, ru("закрытой карте", "закрытых картах", "закрытых картах"));
      const alone = count("ru", down, ru("закрытая карта", "закрытые карты", "закрытых карт"));
      parts.push(up.length ? `на ${COUNT_ON_RU[down] || String(down)} ${on}` : alone);
    }
    return `столбец ${i}: ${parts.join(" ")}`;
  }
  top.forEach((code, k) => parts.push(k === 0 ? cardName(code, "en") : `on ${cardName(code, "en")}`));
  if (down) {
    const n = COUNT_EN[down] || String(down);
    const cards = `${n} face-down ${plural("en", down, CARDS.en)}`;
    parts.push(up.length ? `on ${cards}` : cards);
  }
  return `column ${i}: ${parts.join(" ")}`;
}

/** Add a game's own words ({en: {...}, ru: {...}}). @param {Partial<Record<Lang, WordList>>} more */
export function addStrings(more) {
  for (const lang of /** @type {Lang[]} */ (["en", "ru"])) Object.assign(STRINGS[lang], more[lang]);
}

/** The page language: the saved choice, else Russian when the browser prefers it.
 * @param {string|null} saved @returns {Lang} */
export function initialLang(saved) {
  if (saved === "ru" || saved === "en") return saved;
  const prefs = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  for (const p of prefs) {
    const l = String(p).toLowerCase().slice(0, 2);
    if (l === "ru") return "ru";
    if (l === "en") return "en";
  }
  return "en";
}

/** Parse a card code such as "7C" or "TD" into {rank 1..13, suit 0..3}. @param {string} code */
export function parseCard(code) {
  return { rank: RANK_LETTERS.indexOf(code[0]) + 1, suit: SUIT_LETTERS.indexOf(code[1]) };
}

/** The spoken name of a card code: "seven of clubs" / "семёрка треф".
 * @param {string} code @param {string} lang */
export function cardName(code, lang) {
  const { rank, suit } = parseCard(code);
  if (lang === "ru") return `${RANKS.ru[rank - 1]} ${SUITS.ru[suit]}`;
  return `${RANKS.en[rank - 1]} of ${SUITS.en[suit]}`;
}

/** The plural form of a Russian word for `n`: ruPlural(n, "карта", "карты", "карт").
 * @param {number} n @param {string} one @param {string} few @param {string} many */
export function ruPlural(n, one, few, many) {
  return plural("ru", n, { one, few, many });
}

/** The plural form of an English word for `n`: enPlural(n, "card", "cards").
 * @param {number} n @param {string} one @param {string} other */
export function enPlural(n, one, other) {
  return plural("en", n, { one, other });
}

/** Apply the language to every element marked with data-i18n / data-i18n-aria /
 * data-i18n-title. An element whose word the language lacks keeps the page's English and is
 * marked data-i18n-missing (with the key), which the tests look for.
 * @param {Lang} lang */
export function translatePage(lang) {
  const t = STRINGS[lang];
  document.documentElement.lang = lang;
  document.title = t.pageTitle;
  /** @param {string} selector */
  const marked = (selector) => /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(selector));
  /** @param {HTMLElement} el @param {string|undefined} key @param {(v: string) => void} put */
  const apply = (el, key, put) => {
    const v = t[/** @type {string} */ (key)];
    if (typeof v === "string") put(v);
    else el.dataset.i18nMissing = String(key);
  };
  for (const el of marked("[data-i18n]")) apply(el, el.dataset.i18n, (v) => { el.textContent = v; });
  for (const el of marked("[data-i18n-aria]")) apply(el, el.dataset.i18nAria, (v) => el.setAttribute("aria-label", v));
  for (const el of marked("[data-i18n-title]")) apply(el, el.dataset.i18nTitle, (v) => { el.title = v; });
}
