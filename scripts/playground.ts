// Placeholder until the sandbox lands: replaced in this session.
console.log('playground');
