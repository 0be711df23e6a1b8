// The live table: opens a session (Telegram Mini App, Discord Activity, or the local
// keyboard), keeps a socket to the bot and draws what it pushes. Every rule is the bot's:
// the page shows the buttons it was sent (only those its reader can use now, one set) and
// sends back their ids, as a chat would.
'use strict';

const WORDS = {
  de: {
    lobby: 'Am Tisch', name: 'Dein Name', seat: 'Mitspielen', open: 'Tisch aufmachen',
    computer: 'Computer dazu', start: 'Los geht’s', table: 'Der Tisch', cup: 'Dein Becher',
    cupOf: 'Becher von {name}', handoff: 'Gib an {name} weiter.', handoffButton: 'Ich bin {name}',
    lastRound: 'Letzte Runde', asText: 'Tisch als Text', connecting: 'Verbinde …',
    online: 'Live', offline: 'Verbindung weg – verbinde neu …', noTable: 'Hier ist noch kein Tisch.',
    stock: 'Stock: {n} Deckel', limit: 'Vorgabe: {n} Würfe', limitOne: 'Vorgabe: 1 Wurf', limitOpen: 'Vorgabe: noch offen',
    round: 'Runde {n}', half1: '1. Hälfte', half2: '2. Hälfte', final: 'Finale',
    deckel: '{n} Deckel', out: 'raus', left: 'weg',
    die: 'Würfel {v}', dieAside: 'Würfel {v}, rausgelegt', dieCovered: 'verdeckter Würfel',
    throws: 'Wurf {n} von {max}', you: 'du', waiting: 'Wartet: {names}', loginFailed: 'Anmeldung fehlgeschlagen.',
    verify: 'Würfel nachprüfen: das Spielprotokoll laden (für schocken verify)',
  },
  en: {
    lobby: 'At the table', name: 'Your name', seat: 'Join', open: 'Open a table',
    computer: 'Add a computer', start: 'Start', table: 'The table', cup: 'Your cup',
    cupOf: '{name}’s cup', handoff: 'Pass the device to {name}.', handoffButton: 'I am {name}',
    lastRound: 'Last round', asText: 'The table as text', connecting: 'Connecting …',
    online: 'Live', offline: 'Connection lost – reconnecting …', noTable: 'No table here yet.',
    stock: 'Stock: {n} Deckel', limit: 'Limit: {n} throws', limitOne: 'Limit: 1 throw', limitOpen: 'Limit: not set yet',
    round: 'Round {n}', half1: 'first half', half2: 'second half', final: 'final',
    deckel: '{n} Deckel', out: 'out', left: 'left',
    die: 'die {v}', dieAside: 'die {v}, set aside', dieCovered: 'covered die',
    throws: 'throw {n} of {max}', you: 'you', waiting: 'Waiting: {names}', loginFailed: 'Could not sign in.',
    verify: 'Check the dice: download the game record (for schocken verify)',
  },
};

const $ = (id) => document.getElementById(id);
const page = {
  lang: 'de',
  base: '',
  session: null,
  socket: null,
  backoff: 500,
  local: false,
  acting: null,
  state: null,
  throwsSeen: {},
  rid: 0,
  // The turn a shown hint belongs to (it goes when the turn moves on); undefined: none shown,
  // null: shown, its turn is the next state's.
  noticeTurn: undefined,
  // Whether the last round was opened for the game over (once; the reader may fold it).
  revealOpened: false,
};

function t(key, args = {}) {
  const text = (WORDS[page.lang] || WORDS.de)[key] || key;
  return text.replace(/\{(\w+)\}/g, (_, k) => String(args[k] ?? ''));
}

function langOf(code) {
  return code && code.toLowerCase().startsWith('de') ? 'de' : code ? 'en' : 'de';
}

// ---- dice as pictures -------------------------------------------------------------------

const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[26, 26], [50, 50], [74, 74]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 26], [72, 26], [28, 50], [72, 50], [28, 74], [72, 74]],
};
const SVG = 'http://www.w3.org/2000/svg';

/** One die: `kind` is aside, open, own or covered; every die has a text label. */
function die(kind, value) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('class', `die ${kind}`);
  svg.setAttribute('role', 'img');
  const label = kind === 'covered' ? t('dieCovered')
    : kind === 'aside' ? t('dieAside', { v: value }) : t('die', { v: value });
  svg.setAttribute('aria-label', label);
  const rect = document.createElementNS(SVG, 'rect');
  for (const [k, v] of Object.entries({ x: 5, y: 5, width: 90, height: 90, rx: 16 })) {
    rect.setAttribute(k, v);
  }
  svg.appendChild(rect);
  if (kind === 'covered') {
    const q = document.createElementNS(SVG, 'text');
    q.setAttribute('x', '50');
    q.setAttribute('y', '64');
    q.setAttribute('text-anchor', 'middle');
    q.textContent = '?';
    svg.appendChild(q);
  } else {
    for (const [cx, cy] of PIPS[value] || []) {
      const pip = document.createElementNS(SVG, 'circle');
      pip.setAttribute('cx', cx);
      pip.setAttribute('cy', cy);
      pip.setAttribute('r', 9);
      svg.appendChild(pip);
    }
  }
  return svg;
}

/** A die of a frame: "covered", or its kind and value ("open:4", "aside:3", "own:5"). */
function parseDie(text) {
  const [die, value] = String(text).split(':');
  return { die, value: value === undefined ? undefined : Number(value) };
}

/** A cup's dice: set-aside dice first, a little apart from the ones under the cup. */
function diceRow(cupDice, big = false) {
  const row = document.createElement('div');
  row.className = big ? 'dice big' : 'dice';
  const dice = cupDice.map(parseDie);
  const aside = dice.filter((d) => d.die === 'aside');
  const rest = dice.filter((d) => d.die !== 'aside');
  for (const d of aside) row.appendChild(die('aside', d.value));
  if (aside.length && rest.length) {
    const gap = document.createElement('span');
    gap.className = 'aside-gap';
    row.appendChild(gap);
  }
  for (const d of rest) row.appendChild(die(d.die, d.value));
  return row;
}

// ---- drawing the state ------------------------------------------------------------------

function buttons(container, rows) {
  container.replaceChildren();
  for (const row of rows || []) {
    const line = document.createElement('div');
    line.className = 'line';
    for (const b of row) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = b.style;
      button.textContent = b.label;
      button.dataset.id = b.id;
      button.addEventListener('click', () => press(b.id));
      line.appendChild(button);
    }
    container.appendChild(line);
  }
}

function partName(part) {
  return { half1: t('half1'), half2: t('half2'), final: t('final') }[part] || part;
}

function facts(view) {
  const parts = [`${partName(view.part)} · ${t('round', { n: view.round })}`,
    t('stock', { n: view.stock })];
  // As the chat's header: no Vorgabe once the game is over.
  if (!view.result) {
    const limit = view.limit === 1 ? t('limitOne') : t('limit', { n: view.limit });
    parts.push(view.limit ? limit : t('limitOpen'));
  }
  return parts.join(' · ');
}

function playerItem(p, view, you) {
  const li = document.createElement('li');
  li.className = 'player';
  if (p.is_current) li.classList.add('current');
  // A player's status is left out while he plays.
  const status = p.status || 'playing';
  if (status !== 'playing') li.classList.add('out');
  const name = document.createElement('span');
  name.className = 'name';
  name.textContent = (p.is_current ? '▶ ' : '') + p.name + (p.name === you ? ` (${t('you')})` : '');
  const deckel = document.createElement('span');
  deckel.className = 'deckel';
  deckel.textContent = status === 'out' ? t('out') : status === 'left' ? t('left')
    : t('deckel', { n: p.deckel });
  li.append(name, deckel);
  // Once the game is over the last round's cups are in the reveal, not under covers.
  if (p.cup && !view.result) {
    const row = diceRow(p.cup.dice);
    const key = `${view.part}/${view.round}/${p.seat}`;
    if ((page.throwsSeen[key] || 0) < p.cup.throws) {
      // The cup was thrown since the page last drew it.
      row.classList.add('rolling');
      page.throwsSeen[key] = p.cup.throws;
    }
    li.appendChild(row);
    const info = document.createElement('span');
    info.className = 'info';
    info.textContent = t('throws', { n: p.cup.throws, max: p.cup.max_throws });
    li.appendChild(info);
  }
  return li;
}

function drawTable(pub, you) {
  const view = pub.table.view;
  $('table-title').textContent = t('table');
  $('facts').textContent = view ? facts(view) : '';
  // Whose turn it is, or who owes the Bierrunde: the chat's own line.
  $('headline').textContent = pub.headline || '';
  const list = $('players');
  list.replaceChildren();
  for (const p of view ? view.players : []) list.appendChild(playerItem(p, view, you));
  $('reveal').replaceChildren(...(pub.reveal || '').split('\n').filter(Boolean).map((line) => {
    const p = document.createElement('p');
    p.textContent = line;
    return p;
  }));
  $('last-round').hidden = !pub.reveal;
  $('last-round-title').textContent = t('lastRound');
  const ended = pub.table.status === 'finished' || pub.table.status === 'abandoned';
  // At the end of a game the last round's dice are open, not folded away.
  if (ended && pub.reveal && !page.revealOpened) {
    $('last-round').open = true;
    page.revealOpened = true;
  }
  if (!ended) page.revealOpened = false;
  $('proof').replaceChildren(...(pub.proof || []).map((line) => {
    const p = document.createElement('p');
    p.textContent = line;
    return p;
  }));
  const over = pub.table.status === 'finished' || pub.table.status === 'abandoned';
  if (over && pub.table.fair) {
    // The record of the game, checked throw by throw; `schocken verify` checks it again.
    const link = document.createElement('a');
    link.href = `${page.base}/api/record?session=${encodeURIComponent(page.session)}`;
    link.textContent = t('verify');
    link.id = 'verify';
    $('proof').appendChild(link);
  }
  // The table as the chats show it: the game, the last round, the fair dice's lines.
  $('table-text').textContent = [pub.text, pub.reveal, (pub.proof || []).join('\n')]
    .filter(Boolean).join('\n\n');
}

function drawLobby(pub, usable) {
  $('lobby-title').textContent = t('lobby');
  $('name-label').textContent = t('name');
  $('seat-button').textContent = pub ? t('seat') : t('open');
  $('computer').textContent = t('computer');
  $('start').textContent = t('start');
  const members = pub ? pub.table.members : [];
  $('waiting').replaceChildren(...members.map((m) => {
    const li = document.createElement('li');
    li.textContent = m;
    return li;
  }));
  // Chat users join with the table's own buttons; the local keyboard seats names.
  $('seat').hidden = !page.local;
  $('computer').hidden = !page.local || !pub;
  $('start').hidden = !page.local || !pub || members.length < 2;
  // (In the lobby the table section is hidden: its buttons show here.)
  buttons($('lobby-buttons'), !page.local && pub ? usable : []);
  if (!page.local && !pub) {
    const open = document.createElement('button');
    open.className = 'primary';
    open.textContent = t('open');
    open.addEventListener('click', () => say('open'));
    $('waiting').replaceChildren(open);
  }
  $('lobby').hidden = false;
}

/** At the local keyboard: whose turn it is, if the keyboard does not act as him yet. */
function handoffNeeded(pub) {
  if (!page.local || !pub || !pub.table.view) return null;
  const view = pub.table.view;
  const current = view.players.find((p) => p.is_current);
  if (!current || current.name === page.acting || view.result) return null;
  return current.name;
}

function draw(state) {
  page.state = state;
  const pub = state.public;
  const you = state.you.name;
  const status = pub ? pub.table.status : 'none';
  const lobby = status === 'lobby' || status === 'none';
  $('lobby').hidden = true;
  $('table').hidden = lobby;
  const usable = state.buttons || [];
  if (lobby) {
    drawLobby(pub, usable);
    if (!page.local && pub) $('table').hidden = true;
  } else {
    drawTable(pub, you);
  }
  const next = handoffNeeded(pub);
  $('handoff').hidden = !next;
  if (next) {
    $('handoff-text').textContent = t('handoff', { name: next });
    $('handoff-button').textContent = t('handoffButton', { name: next });
    $('handoff-button').onclick = () => actAs(next);
  }
  // One set of actions: under the cup when it shows, else under the table (a real-dice
  // table's announcement); none while the device is handed on.
  const cupShown = drawCup(state.private, next, usable);
  buttons($('table-buttons'), !lobby && !next && !cupShown ? usable : []);
  if (!lobby) $('table').hidden = false;
  $('as-text-title').textContent = t('asText');
  // Only once there is a table to read (a refused login shows none).
  $('as-text').hidden = !pub;
  hintsFollowTheTurn(state);
}

/** Which turn a state shows: a hint stays until this changes. */
function turnOf(state) {
  const pub = state.public;
  const view = pub && pub.table.view;
  if (!view) return pub ? `${pub.table.table_id}/${pub.table.status}` : 'none';
  const current = view.players.find((p) => p.is_current);
  return [pub.table.table_id, pub.table.status, view.part, view.round,
    current ? current.seat : '-'].join('/');
}

function hintsFollowTheTurn(state) {
  if (page.noticeTurn === undefined) return;
  const turn = turnOf(state);
  if (page.noticeTurn === null) {
    page.noticeTurn = turn;
  } else if (page.noticeTurn !== turn) {
    clearNotice();
  }
}

/** Draws the reader's cup with his buttons; whether it shows. */
function drawCup(priv, handoff, usable) {
  const cup = $('cup');
  const over = priv && priv.view.view.result;
  if (!priv || handoff || over) {
    cup.hidden = true;
    buttons($('cup-buttons'), []);
    return false;
  }
  cup.hidden = false;
  $('cup-title').textContent = page.local && page.acting
    ? t('cupOf', { name: page.acting }) : t('cup');
  const view = priv.view.view;
  const seat = view.viewer && view.viewer.player;
  const mine = view.players.find((p) => p.seat === seat);
  const own = mine && mine.cup ? diceRow(mine.cup.dice, true) : document.createElement('div');
  own.id = 'cup-dice';
  $('cup-dice').replaceWith(own);
  $('cup-text').textContent = priv.text;
  buttons($('cup-buttons'), usable);
  return true;
}

/** A refusal or a hint for this reader: it stays (line breaks kept) until the turn moves on
 *  or he presses something else. */
function notice(text) {
  const box = $('notice');
  box.textContent = text;
  box.hidden = !text;
  page.noticeTurn = text ? null : undefined;
}

function clearNotice() {
  $('notice').hidden = true;
  $('notice').textContent = '';
  page.noticeTurn = undefined;
}

function status(text) {
  $('status').textContent = text;
}

// ---- talking to the bot -----------------------------------------------------------------

function send(frame) {
  if (page.socket && page.socket.readyState === WebSocket.OPEN) {
    page.socket.send(JSON.stringify(frame));
  }
}

function nextRid() {
  page.rid += 1;
  return `${Date.now().toString(36)}-${page.rid}`;
}

function press(id) {
  clearNotice();
  send({ type: 'press', id, rid: nextRid() });
}

function say(text) {
  send({ type: 'say', text, rid: nextRid() });
}

function actAs(name) {
  page.acting = name;
  send({ type: 'as', name });
}

function connect() {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const url = `${scheme}//${location.host}${page.base}/ws?session=${encodeURIComponent(page.session)}`;
  status(t('connecting'));
  const socket = new WebSocket(url);
  page.socket = socket;
  socket.addEventListener('open', () => {
    page.backoff = 500;
    status(t('online'));
    if (page.acting) send({ type: 'as', name: page.acting });
  });
  socket.addEventListener('message', (event) => {
    let frame;
    try { frame = JSON.parse(event.data); } catch { return; }
    if (frame.type === 'state') draw(frame);
    else if (frame.type === 'notice') notice(frame.text);
    else if (frame.type === 'bye') status(frame.text);
  });
  socket.addEventListener('close', (event) => {
    if (event.code === 1008 || event.code === 4401) {
      status(t('loginFailed'));
      return;
    }
    status(t('offline'));
    setTimeout(connect, page.backoff);
    page.backoff = Math.min(page.backoff * 2, 10000);
  });
}

async function login() {
  const tg = window.Telegram && window.Telegram.WebApp;
  const query = new URLSearchParams(location.search);
  let body;
  if (tg && tg.initData) {
    tg.ready();
    tg.expand();
    const unsafe = tg.initDataUnsafe || {};
    page.lang = langOf(unsafe.user && unsafe.user.language_code);
    body = { auth: { kind: 'telegram', init_data: tg.initData },
      table: unsafe.start_param || query.get('table'), lang: page.lang };
  } else if (window.SchockenDiscord && window.SchockenDiscord.inActivity()) {
    // A Discord Activity: requests go through Discord's proxy.
    page.base = '/.proxy';
    const logins = await (await fetch(`${page.base}/api/logins`)).json();
    if (!logins.discord) throw new Error('no Discord logins here');
    const discord = await window.SchockenDiscord.login(page.base, logins.discord);
    // Discord's account locale (the server asks Discord for it) before the browser's.
    page.lang = langOf(discord.locale || navigator.language);
    body = { auth: discord.auth, table: null, lang: discord.locale ? page.lang : null };
  } else {
    page.local = true;
    page.lang = langOf(navigator.language);
    body = { auth: { kind: 'local' }, table: null, lang: page.lang };
  }
  document.documentElement.lang = page.lang;
  const response = await fetch(`${page.base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    // The reason once, as the page's notice; the status line only says that it failed.
    status(t('loginFailed'));
    notice(answer.error || t('loginFailed'));
    return;
  }
  page.session = answer.session;
  // The server's choice (for Discord: the account's locale); every draw reads it.
  if (answer.lang) {
    page.lang = langOf(answer.lang);
    document.documentElement.lang = page.lang;
  }
  connect();
}

function wire() {
  $('seat').addEventListener('submit', (event) => {
    event.preventDefault();
    const name = $('name').value.trim();
    if (!name) return;
    actAs(name);
    say(page.state && page.state.public ? 'join' : 'open');
    $('name').value = '';
  });
  $('computer').addEventListener('click', () => say('computer'));
  $('start').addEventListener('click', () => say('start'));
}

page.base = location.pathname.startsWith('/.proxy') ? '/.proxy' : '';
wire();
login().catch(() => status(t('loginFailed')));
