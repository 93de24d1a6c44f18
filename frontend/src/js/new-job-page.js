// The New job form: the scenario rows on screen are the plan. Choosing "Standard" or "Burst probe" shows that plan's
// rows, read only, in place of the custom rows; the custom rows are then disabled (so not sent) but kept, and come
// back with "Custom scenarios", so a custom row can only be edited while it is the plan. Without this script every
// row shows and the server refuses custom rows sent under another plan.
const table = document.querySelector('table.scenario-rows');
const form = table?.closest('form');
const custom = form?.querySelector('input[name=plan][value=custom]');
const customRows = table?.querySelector('tbody.custom-rows');
const kept = document.getElementById('custom-kept');
const copy = document.getElementById('copy-standard');
const duration = form?.querySelector('input[name=durationSeconds]');

function chosenPlan() {
  return form.querySelector('input[name=plan]:checked')?.value ?? 'standard';
}

function typedRows() {
  return [...customRows.querySelectorAll('select[name=protocol]')].filter((select) => select.value).length;
}

function show() {
  const plan = chosenPlan();
  // other rows now: show them from their first column, wherever the last ones were scrolled to
  table.closest('.table-scroll')?.scrollTo({ left: 0 });
  for (const part of form.querySelectorAll('.plan-rows, .plan-note')) {
    part.hidden = part.dataset.plan !== plan;
  }
  const isCustom = plan === 'custom';
  customRows.hidden = !isCustom;
  for (const control of customRows.querySelectorAll('input, select')) {
    control.disabled = !isCustom;
  }
  const typed = typedRows();
  kept.hidden = isCustom || typed === 0;
  kept.textContent = typed === 0 ? '' : `Your ${typed} custom row${typed === 1 ? ' is' : 's are'} kept but not run: `
    + 'choose “Custom scenarios” to see and run them again.';
  copy.hidden = typed > 0;
}

// The seconds a named plan's rows show follow the duration that replaces them, in the words the server gave the row.
function showDuration() {
  const seconds = duration.value.trim();
  for (const cell of form.querySelectorAll('.plan-rows [data-role=seconds]')) {
    // Thymeleaf leaves an empty data-before out, so a row with nothing before its number has none.
    cell.textContent = seconds ? `${cell.dataset.before ?? ''}${seconds}` : cell.dataset.default;
  }
}

// Only offered while no custom row is typed, so that it never overwrites one. Each planned row's data attributes
// are the custom row's field names.
function copyStandard() {
  const planned = [...form.querySelectorAll('tbody.plan-rows[data-plan=standard] tr')];
  const rows = [...customRows.querySelectorAll('tr')];
  planned.forEach((plannedRow, i) => {
    for (const [name, value] of Object.entries(plannedRow.dataset)) {
      rows[i].querySelector(`[name=${name}]`).value = value;
    }
  });
  custom.checked = true;
  show();
  customRows.querySelector('select[name=protocol]')?.focus();
}

if (table && custom && customRows) {
  form.addEventListener('change', (event) => {
    if (event.target.name === 'plan') {
      show();
    }
  });
  copy?.addEventListener('click', copyStandard);
  duration?.addEventListener('input', showDuration);
  show();
  showDuration();
}
