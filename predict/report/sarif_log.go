package report

import "strings"

// The SARIF 2.1.0 objects gpredict writes (sarif.go fills them).
// Field names and optionality follow the OASIS schema, against which the
// tests validate every log they produce.

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

// sarifRun lists its results right after the tool, before the
// invocation: WriteSARIF streams them as it makes them, and what comes
// after them (whether the execution succeeded, the notifications) is
// known only once they are written.
type sarifRun struct {
	Tool       sarifTool           `json:"tool"`
	Results    []sarifResult       `json:"results"`
	Invocation []sarifInvocation   `json:"invocations"`
	Properties *sarifRunProperties `json:"properties,omitempty"`
}

// sarifRunProperties is the run's property bag: how many reports the
// baseline and the suppressions left out.
type sarifRunProperties struct {
	Baselined  int `json:"baselined"`
	Suppressed int `json:"suppressed"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name    string      `json:"name"`
	Version string      `json:"version"`
	Rules   []sarifRule `json:"rules"`
}

type sarifRule struct {
	ID               string        `json:"id"`
	Name             string        `json:"name"`
	ShortDescription *sarifMessage `json:"shortDescription,omitempty"`
	FullDescription  *sarifMessage `json:"fullDescription,omitempty"`
	Help             *sarifHelp    `json:"help,omitempty"`
}

type sarifHelp struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifInvocation struct {
	ExecutionSuccessful bool                `json:"executionSuccessful"`
	ExitCode            int                 `json:"exitCode"`
	Notifications       []sarifNotification `json:"toolExecutionNotifications"`
}

type sarifNotification struct {
	Level          string          `json:"level"`
	Message        sarifMessage    `json:"message"`
	Descriptor     *sarifRef       `json:"descriptor,omitempty"`
	AssociatedRule *sarifRef       `json:"associatedRule,omitempty"`
	Locations      []sarifLocation `json:"locations,omitempty"`
}

// sarifRef is a reportingDescriptorReference: by id, and by index into
// the driver's rules where it refers to one.
type sarifRef struct {
	ID    string `json:"id"`
	Index *int   `json:"index,omitempty"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
	CodeFlows []sarifCodeFlow `json:"codeFlows,omitempty"` // none with --witness none
	// BaselineState is "new" for every result of a run with a baseline
	// (the unchanged ones are left out), "" without one.
	BaselineState string `json:"baselineState,omitempty"`
	// PartialFingerprints identify the result across runs
	// (FingerprintKey).
	PartialFingerprints map[string]string `json:"partialFingerprints,omitempty"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifLocation struct {
	PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
	LogicalLocations []sarifLogical `json:"logicalLocations,omitempty"`
	Message          *sarifMessage  `json:"message,omitempty"`
}

// sarifLogical is a logical location: a bare-number location of the STD
// format, a program point that names no file.
type sarifLogical struct {
	Name               string `json:"name"`
	FullyQualifiedName string `json:"fullyQualifiedName,omitempty"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

type sarifCodeFlow struct {
	Message     sarifMessage      `json:"message"`
	ThreadFlows []sarifThreadFlow `json:"threadFlows"`
}

type sarifThreadFlow struct {
	ID        string                    `json:"id"`
	Message   *sarifMessage             `json:"message,omitempty"`
	Locations []sarifThreadFlowLocation `json:"locations"`
}

type sarifThreadFlowLocation struct {
	Location sarifLocation `json:"location"`
	// ExecutionOrder is the step's place in the whole schedule (from 1);
	// a summary of folded steps has none.
	ExecutionOrder *int   `json:"executionOrder,omitempty"`
	Importance     string `json:"importance"`
}

// sarifRules collects the driver's rules: first those documented in
// Options.Rules, then any other property a result or notification
// names, with its name only.
type sarifRules struct {
	list []sarifRule
	at   map[string]int
}

func newSARIFRules(docs []RuleDoc) *sarifRules {
	rs := &sarifRules{list: []sarifRule{}, at: map[string]int{}}
	for _, d := range docs {
		if _, dup := rs.at[d.Name]; dup {
			continue
		}
		r := sarifRule{ID: d.Name, Name: d.Name}
		if d.Summary != "" {
			r.ShortDescription = &sarifMessage{Text: d.Summary}
		}
		if d.Help != "" {
			first, _, _ := strings.Cut(strings.TrimSpace(d.Help), "\n\n")
			r.FullDescription = &sarifMessage{Text: first}
			r.Help = &sarifHelp{Text: d.Help, Markdown: d.Help}
		}
		rs.at[d.Name] = len(rs.list)
		rs.list = append(rs.list, r)
	}
	return rs
}

// index returns the index of the rule for a property, adding a bare rule
// the first time an undocumented property is seen.
func (rs *sarifRules) index(name string) int {
	if i, ok := rs.at[name]; ok {
		return i
	}
	rs.at[name] = len(rs.list)
	rs.list = append(rs.list, sarifRule{ID: name, Name: name})
	return rs.at[name]
}
