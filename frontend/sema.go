package frontend

// analyze runs semantic analysis over the whole program.
func analyze(prog *Program, diags *diagSink) {
}
