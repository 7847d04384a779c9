console.log(JSON.stringify({a:1})); process.on("SIGTERM",()=>process.exit(0));
