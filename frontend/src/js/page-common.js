// On every page (the layout loads it): one time format everywhere, UTC and ISO-like with the zone shown
// ("2026-11-30 09:18:53 UTC"), the values runs already have offered as choices in the filter forms' name fields, and
// a visible hint over every table that scrolls sideways.
import { watchScrollers } from './scroll-hints.js';
import { formatTime } from './units.js';

const KNOWN_FIELDS = ['sut', 'peer', 'driver', 'instanceType', 'tag'];

showTimesInUtc();
watchScrollers();
offerKnownValues().catch(() => { /* the fields still take any text */ });

function showTimesInUtc() {
  for (const element of document.querySelectorAll('time[datetime]:not([data-field])')) {
    element.textContent = formatTime(element.dateTime);
    element.title = element.dateTime;
  }
}

async function offerKnownValues() {
  const inputs = KNOWN_FIELDS.flatMap((name) => [...document.querySelectorAll(`form input[name="${name}"]`)]
    .map((input) => [name, input]));
  if (inputs.length === 0) {
    return;
  }
  const response = await fetch('/api/v1/runs/values', { headers: { Accept: 'application/json' } });
  if (!response.ok) {
    return;
  }
  const values = await response.json();
  for (const [name, input] of inputs) {
    input.setAttribute('list', datalist(name, values[name] ?? []).id);
    input.autocomplete = 'off';
  }
}

/** One shared <datalist> per field, made on first use. */
function datalist(name, values) {
  const id = `known-${name}`;
  let list = document.getElementById(id);
  if (!list) {
    list = document.createElement('datalist');
    list.id = id;
    list.append(...values.map((value) => new Option(value, value)));
    document.body.append(list);
  }
  return list;
}
