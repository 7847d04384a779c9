console.log("cli");
