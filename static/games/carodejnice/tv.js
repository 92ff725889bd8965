export function mount(ctx) { return { root: document.createElement('div') }; }
export function render(ctx) {}
