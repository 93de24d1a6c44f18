// The upload page: refuses files over the server's limit before sending them. The server refuses them too, but only
// after the whole body has travelled, and then with nothing but a 413 page.
const input = document.getElementById('files');
const problem = document.getElementById('size-problem');

input.form.addEventListener('submit', (event) => {
  const limit = Number(input.dataset.maxBytes);
  const tooLarge = [...input.files].filter((file) => file.size > limit).map((file) => file.name);
  problem.hidden = tooLarge.length === 0;
  if (tooLarge.length > 0) {
    event.preventDefault();
    problem.textContent = `Larger than this server's limit of ${input.dataset.maxLabel} per file, so nothing was `
      + `sent: ${tooLarge.join(', ')}. One iperf3 result is normally far smaller.`;
  }
});
