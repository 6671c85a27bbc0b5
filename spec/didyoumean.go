package spec

import "strings"

// Suggest returns the candidate closest to name by case-insensitive edit
// distance, if it is close enough to be a likely typo (at most a third of
// the name's length, and at least one edit allowed), or "". It is the one
// "did you mean …?" helper of the project (diagnostics, property names).
func Suggest(name string, candidates []string) string {
	best, bestDist := "", len(name)/3+1
	lower := strings.ToLower(name)
	for _, c := range candidates {
		if c == name {
			continue
		}
		if d := editDistance(lower, strings.ToLower(c)); d <= bestDist && (best == "" || d < bestDist) {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, over runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// didYouMean formats a suggestion as a message suffix, or "".
func didYouMean(name string, candidates []string) string {
	if s := Suggest(name, candidates); s != "" {
		return " (did you mean '" + s + "'?)"
	}
	return ""
}
