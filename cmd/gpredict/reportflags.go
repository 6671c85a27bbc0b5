package main

import (
	"gpredict/predict/report/witness"
	"gpredict/trace"
)

// modelAndWitness reads the --branches and --witness settings that the
// commands drawing witnesses share (predict, query).
func modelAndWitness(v *config) (trace.BranchModel, witness.Mode, error) {
	model, err := trace.ParseBranchModel(v.GetString("branches"))
	if err != nil {
		return 0, 0, usageError(err)
	}
	witness, err := witness.ParseMode(v.GetString("witness"))
	if err != nil {
		return 0, 0, usageError(err)
	}
	return model, witness, nil
}
