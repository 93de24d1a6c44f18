// Host facts an agent reported (GET /api/v1/runs/{id}/environment, GET /api/v1/agents/{name}) as label/value rows.

/** The interface the run's traffic took, or the first one with a driver. */
function routedInterface(facts) {
  const interfaces = facts.interfaces ?? [];
  return interfaces.find((nic) => nic.name === facts.routeInterface)
    ?? interfaces.find((nic) => nic.driver) ?? null;
}

/** [label, value] pairs; missing values are left out rather than shown as blanks. */
export function factRows(facts) {
  const nic = routedInterface(facts);
  const rows = [
    ['Instance type', facts.instanceType],
    ['OS', [facts.osName, facts.osVersion, facts.arch].filter(Boolean).join(' ')],
    ['CPUs', facts.cpus],
    ['iperf3', [facts.iperf3Version, facts.iperf3Path && `(${facts.iperf3Path})`].filter(Boolean).join(' ')],
    ['Interface', nic && [nic.name, nic.mtu && `MTU ${nic.mtu}`].filter(Boolean).join(', ')],
    ['Driver', nic && [nic.driver, nic.driverVersion].filter(Boolean).join(' ')],
    ['Firmware', nic?.firmwareVersion],
    ['Link speed', nic?.speedMbps && `${nic.speedMbps} Mbit/s`],
  ];
  return rows.filter(([, value]) => value !== undefined && value !== null && value !== '');
}

/** Replaces a table body with rows of th/td; a note row when there is nothing. */
export function fillRows(table, rows, emptyText) {
  const body = table.tBodies[0];
  if (rows.length === 0) {
    const row = body.insertRow();
    const cell = row.insertCell();
    cell.className = 'muted';
    cell.textContent = emptyText;
    body.replaceChildren(row);
    return;
  }
  body.replaceChildren(...rows.map(([label, value]) => {
    const row = document.createElement('tr');
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = label;
    const td = document.createElement('td');
    td.className = 'text';
    td.textContent = String(value);
    row.append(th, td);
    return row;
  }));
}
