// The New job form: the scenario rows on screen are the plan. Editing a row chooses "Custom scenarios", visibly, so
// that the standard plan never runs in place of rows a person typed; the server refuses the mix all the same when
// this script does not run.
const form = document.querySelector('table.scenario-rows')?.closest('form');
const rows = form?.querySelector('table.scenario-rows');
const custom = form?.querySelector('input[name=plan][value=custom]');
const note = document.getElementById('plan-switched');

if (rows && custom) {
  rows.addEventListener('change', (event) => {
    if (event.target.name === 'protocol' && event.target.value && !custom.checked) {
      custom.checked = true;
      if (note) {
        note.hidden = false;
      }
    }
  });
}
