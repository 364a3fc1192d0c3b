// chart-render renders a Helm chart the way `helm template` does, for machines without helm: Go's
// text/template with the sprig function library (Helm's own engine), plus the functions Helm adds
// (include, tpl, required, toYaml, fromYaml, toJson, fromJson, lookup). It implements the subset of Helm
// that charts/marketplace uses:
//
//   - .Values (values.yaml, then each -f file, then --set/--set-string/--set-file, merged like Helm),
//     .Release (Name, Namespace, Service, IsInstall, IsUpgrade, Revision), .Chart (from Chart.yaml,
//     capitalised like Helm: Name, Version, AppVersion), .Template (Name, BasePath), .Capabilities
//     (KubeVersion, APIVersions.Has), .Files (Get, outside templates/, e.g. dashboards/*.json);
//   - every file under templates/ is parsed into one template set, so `define`s are shared; files whose
//     name starts with "_" are partials and are not rendered, NOTES.txt is rendered but not printed;
//   - numbers in values files are float64, as Helm reads them (through JSON); --set numbers are int64;
//   - missing map keys render as empty ("<no value>" is removed) unless -strict, which fails on them the
//     way `helm lint --strict` does.
//
// Output: a multi-document YAML stream, each document headed by "# Source: <chart>/templates/<file>",
// empty documents dropped. Values are not checked against values.schema.json here (the tests do that).
//
// Built against Debian's packages (golang-1.19, golang-github-masterminds-sprig-dev) in GOPATH mode:
//
//	GO111MODULE=off GOPATH=/usr/share/gocode go build -o chart-render ./deploy/chart-render
//
// Usage: chart-render [-strict] [-name vnmarket] [-namespace default] [-f values.yaml]... [--set k=v]...
//
//	[--set-string k=v]... [--set-file k=path]... [-lookup objects.json] CHART_DIR
//
// -lookup names a JSON array of objects that `lookup` finds, standing in for a live cluster (an upgrade).
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/template"

	// GOPATH mode: Debian installs sprig v3 under its v1 import path (/usr/share/gocode/src).
	"github.com/Masterminds/sprig"
	"gopkg.in/yaml.v3"
)

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error { *l = append(*l, v); return nil }

// Helm's recursion limit for include.
const maxIncludeDepth = 1000

func main() {
	var valueFiles, sets, setStrings, setFiles listFlag
	strict := flag.Bool("strict", false, "fail on a missing map key (helm lint --strict)")
	name := flag.String("name", "release-name", "release name")
	namespace := flag.String("namespace", "default", "release namespace")
	upgrade := flag.Bool("upgrade", false, "render as an upgrade (.Release.IsUpgrade)")
	flag.Var(&valueFiles, "f", "values file (repeatable)")
	flag.Var(&sets, "set", "key=value (repeatable; comma-separated pairs allowed)")
	flag.Var(&setStrings, "set-string", "key=value taken as a string (repeatable)")
	flag.Var(&setFiles, "set-file", "key=path: the file's content as the value (repeatable)")
	lookupFile := flag.String("lookup", "", "JSON array of live objects that lookup finds")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: chart-render [flags] CHART_DIR")
		os.Exit(2)
	}
	out, err := render(flag.Arg(0), options{
		name: *name, namespace: *namespace, upgrade: *upgrade, strict: *strict,
		valueFiles: valueFiles, sets: sets, setStrings: setStrings, setFiles: setFiles, lookupFile: *lookupFile,
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "Error:", err)
		os.Exit(1)
	}
	os.Stdout.WriteString(out)
}

type options struct {
	name, namespace                        string
	upgrade, strict                        bool
	valueFiles, sets, setStrings, setFiles []string
	lookupFile                             string
}

func render(chartDir string, opts options) (string, error) {
	chartMeta, err := readYAMLFile(filepath.Join(chartDir, "Chart.yaml"))
	if err != nil {
		return "", fmt.Errorf("Chart.yaml: %w", err)
	}
	chartName, _ := chartMeta["name"].(string)
	if chartName == "" {
		return "", errors.New("Chart.yaml has no name")
	}
	values, err := loadValues(chartDir, opts)
	if err != nil {
		return "", err
	}

	// Every template file, sorted by path as Helm does, parsed into one set named <chart>/templates/<file>.
	templatesDir := filepath.Join(chartDir, "templates")
	var files []string
	err = filepath.Walk(templatesDir, func(p string, info os.FileInfo, walkErr error) error {
		if walkErr != nil {
			return walkErr
		}
		if !info.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Strings(files)

	root := template.New("gotpl")
	if opts.strict {
		root.Option("missingkey=error")
	} else {
		root.Option("missingkey=zero")
	}
	live, err := readLiveObjects(opts.lookupFile)
	if err != nil {
		return "", err
	}
	includeDepth := map[string]int{}
	funcs := funcMap(root, includeDepth, live)
	root.Funcs(funcs)
	names := make([]string, 0, len(files))
	for _, file := range files {
		rel, _ := filepath.Rel(chartDir, file)
		tplName := path.Join(chartName, filepath.ToSlash(rel))
		body, err := os.ReadFile(file)
		if err != nil {
			return "", err
		}
		if _, err := root.New(tplName).Parse(string(body)); err != nil {
			return "", fmt.Errorf("parse error in %s: %w", tplName, err)
		}
		names = append(names, tplName)
	}

	top := map[string]interface{}{
		"Values": values,
		"Release": map[string]interface{}{
			"Name": opts.name, "Namespace": opts.namespace, "Service": "Helm",
			"IsInstall": !opts.upgrade, "IsUpgrade": opts.upgrade, "Revision": 1,
		},
		"Chart": capitaliseChart(chartMeta),
		"Capabilities": map[string]interface{}{
			"KubeVersion": map[string]interface{}{"Version": "v1.31.0", "Major": "1", "Minor": "31", "GitVersion": "v1.31.0"},
			"APIVersions": apiVersions{"v1", "apps/v1", "batch/v1", "autoscaling/v2", "policy/v1", "networking.k8s.io/v1"},
		},
		"Files": chartFiles{dir: chartDir},
	}

	var out strings.Builder
	for _, tplName := range names {
		base := path.Base(tplName)
		if strings.HasPrefix(base, "_") {
			continue
		}
		data := withTemplate(top, tplName, path.Join(chartName, "templates"))
		var buf bytes.Buffer
		if err := root.ExecuteTemplate(&buf, tplName, data); err != nil {
			return "", fmt.Errorf("render error: %w", err)
		}
		if base == "NOTES.txt" {
			continue
		}
		text := strings.ReplaceAll(buf.String(), "<no value>", "")
		for _, doc := range splitDocuments(text) {
			out.WriteString("---\n# Source: " + tplName + "\n" + doc + "\n")
		}
	}
	return out.String(), nil
}

// chartFiles is .Files: the chart's files outside templates/, read by path relative to the chart.
type chartFiles struct{ dir string }

// Get returns a file's content, or "" when it is missing or under templates/ (as Helm does).
func (f chartFiles) Get(name string) string {
	clean := path.Clean(filepath.ToSlash(name))
	if strings.HasPrefix(clean, "templates/") || strings.HasPrefix(clean, "../") {
		return ""
	}
	body, err := os.ReadFile(filepath.Join(f.dir, filepath.FromSlash(clean)))
	if err != nil {
		return ""
	}
	return string(body)
}

// readLiveObjects reads the -lookup file: a JSON array of objects, numbers as float64 like Helm's client.
func readLiveObjects(file string) ([]map[string]interface{}, error) {
	if file == "" {
		return nil, nil
	}
	body, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var objects []map[string]interface{}
	if err := json.Unmarshal(body, &objects); err != nil {
		return nil, fmt.Errorf("-lookup %s: %w", file, err)
	}
	return objects, nil
}

type apiVersions []string

// Has reports whether an API group/version (or group/version/Kind) is known, as .Capabilities.APIVersions.Has.
func (a apiVersions) Has(v string) bool {
	for _, known := range a {
		if known == v || strings.HasPrefix(v, known+"/") {
			return true
		}
	}
	return false
}

func withTemplate(top map[string]interface{}, name, basePath string) map[string]interface{} {
	data := make(map[string]interface{}, len(top)+1)
	for k, v := range top {
		data[k] = v
	}
	data["Template"] = map[string]interface{}{"Name": name, "BasePath": basePath}
	return data
}

// splitDocuments drops documents that are empty or only comments, as Helm does.
func splitDocuments(text string) []string {
	var docs []string
	for _, part := range regexp.MustCompile(`(?m)^---[ \t]*$`).Split(text, -1) {
		meaningful := false
		for _, line := range strings.Split(part, "\n") {
			trimmed := strings.TrimSpace(line)
			if trimmed != "" && !strings.HasPrefix(trimmed, "#") {
				meaningful = true
				break
			}
		}
		if meaningful {
			docs = append(docs, strings.Trim(part, "\n"))
		}
	}
	return docs
}

func capitaliseChart(meta map[string]interface{}) map[string]interface{} {
	chart := map[string]interface{}{}
	for k, v := range meta {
		chart[strings.ToUpper(k[:1])+k[1:]] = v
	}
	return chart
}

// ---------------------------------------------------------------------------------------------------
// Values

func loadValues(chartDir string, opts options) (map[string]interface{}, error) {
	values, err := readYAMLFile(filepath.Join(chartDir, "values.yaml"))
	if err != nil {
		return nil, fmt.Errorf("values.yaml: %w", err)
	}
	for _, file := range opts.valueFiles {
		overlay, err := readYAMLFile(file)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		values = mergeValues(values, overlay)
	}
	for _, set := range opts.sets {
		for _, pair := range splitPairs(set) {
			key, raw, err := splitAssignment(pair)
			if err != nil {
				return nil, err
			}
			if err := setPath(values, key, typedValue(raw)); err != nil {
				return nil, err
			}
		}
	}
	for _, set := range opts.setStrings {
		key, raw, err := splitAssignment(set)
		if err != nil {
			return nil, err
		}
		if err := setPath(values, key, raw); err != nil {
			return nil, err
		}
	}
	for _, set := range opts.setFiles {
		key, file, err := splitAssignment(set)
		if err != nil {
			return nil, err
		}
		content, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("--set-file %s: %w", key, err)
		}
		if err := setPath(values, key, string(content)); err != nil {
			return nil, err
		}
	}
	return values, nil
}

func readYAMLFile(file string) (map[string]interface{}, error) {
	body, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	parsed := map[string]interface{}{}
	if err := yaml.Unmarshal(body, &parsed); err != nil {
		return nil, err
	}
	return asJSONNumbers(parsed).(map[string]interface{}), nil
}

// asJSONNumbers turns integers into float64, as values read through JSON (Helm's way) are.
func asJSONNumbers(v interface{}) interface{} {
	switch t := v.(type) {
	case map[string]interface{}:
		for k, item := range t {
			t[k] = asJSONNumbers(item)
		}
		return t
	case []interface{}:
		for i, item := range t {
			t[i] = asJSONNumbers(item)
		}
		return t
	case int:
		return float64(t)
	case int64:
		return float64(t)
	case uint64:
		return float64(t)
	default:
		return v
	}
}

// mergeValues overlays b onto a: maps merge key by key, anything else is replaced, a null deletes the key.
func mergeValues(a, b map[string]interface{}) map[string]interface{} {
	out := make(map[string]interface{}, len(a))
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		if v == nil {
			delete(out, k)
			continue
		}
		if bm, ok := v.(map[string]interface{}); ok {
			if am, ok := out[k].(map[string]interface{}); ok {
				out[k] = mergeValues(am, bm)
				continue
			}
		}
		out[k] = v
	}
	return out
}

// splitPairs splits "a=1,b=2" on commas that start a new key=value pair (values may not contain commas).
func splitPairs(s string) []string {
	return strings.Split(s, ",")
}

func splitAssignment(s string) (string, string, error) {
	i := strings.Index(s, "=")
	if i <= 0 {
		return "", "", fmt.Errorf("key has no value (expected key=value): %q", s)
	}
	return s[:i], s[i+1:], nil
}

// typedValue reads a --set value as Helm's strvals does: int64, bool, null or string.
func typedValue(raw string) interface{} {
	switch raw {
	case "true":
		return true
	case "false":
		return false
	case "null":
		return nil
	}
	if n, err := strconv.ParseInt(raw, 10, 64); err == nil && (raw == "0" || !strings.HasPrefix(raw, "0")) {
		return n
	}
	return raw
}

func setPath(values map[string]interface{}, key string, value interface{}) error {
	parts := strings.Split(key, ".")
	current := values
	for _, part := range parts[:len(parts)-1] {
		next, ok := current[part].(map[string]interface{})
		if !ok {
			if current[part] != nil {
				return fmt.Errorf("--set %s: %s is not a map", key, part)
			}
			next = map[string]interface{}{}
			current[part] = next
		}
		current = next
	}
	last := parts[len(parts)-1]
	if value == nil {
		delete(current, last)
	} else {
		current[last] = value
	}
	return nil
}

// ---------------------------------------------------------------------------------------------------
// Functions: sprig's text functions, less env/expandenv (as Helm removes them), plus Helm's own.

func funcMap(root *template.Template, includeDepth map[string]int, live []map[string]interface{}) template.FuncMap {
	f := sprig.TxtFuncMap()
	delete(f, "env")
	delete(f, "expandenv")

	f["toYaml"] = toYAML
	f["fromYaml"] = func(s string) map[string]interface{} {
		m := map[string]interface{}{}
		if err := yaml.Unmarshal([]byte(s), &m); err != nil {
			m["Error"] = err.Error()
		}
		return m
	}
	f["fromYamlArray"] = func(s string) []interface{} {
		a := []interface{}{}
		if err := yaml.Unmarshal([]byte(s), &a); err != nil {
			a = []interface{}{err.Error()}
		}
		return a
	}
	f["toJson"] = func(v interface{}) string {
		b, err := json.Marshal(v)
		if err != nil {
			return ""
		}
		return string(b)
	}
	f["fromJson"] = func(s string) map[string]interface{} {
		m := map[string]interface{}{}
		if err := json.Unmarshal([]byte(s), &m); err != nil {
			m["Error"] = err.Error()
		}
		return m
	}
	f["required"] = func(message string, v interface{}) (interface{}, error) {
		if v == nil {
			return v, errors.New(message)
		}
		if s, ok := v.(string); ok && s == "" {
			return v, errors.New(message)
		}
		return v, nil
	}
	// No cluster here: lookup finds nothing, as in `helm template`, unless -lookup lists live objects.
	f["lookup"] = func(apiVersion, kind, namespace, name string) (map[string]interface{}, error) {
		for _, object := range live {
			metadata, _ := object["metadata"].(map[string]interface{})
			if object["apiVersion"] == apiVersion && object["kind"] == kind && metadata["name"] == name &&
				(metadata["namespace"] == nil || metadata["namespace"] == namespace) {
				return object, nil
			}
		}
		return map[string]interface{}{}, nil
	}
	f["include"] = func(name string, data interface{}) (string, error) {
		includeDepth[name]++
		defer func() { includeDepth[name]-- }()
		if includeDepth[name] > maxIncludeDepth {
			return "", fmt.Errorf("rendering template has a nested reference name: %s", name)
		}
		var buf bytes.Buffer
		if err := root.ExecuteTemplate(&buf, name, data); err != nil {
			return "", err
		}
		return strings.ReplaceAll(buf.String(), "<no value>", ""), nil
	}
	f["tpl"] = func(text string, data interface{}) (string, error) {
		clone, err := root.Clone()
		if err != nil {
			return "", err
		}
		t, err := clone.New("tpl").Parse(text)
		if err != nil {
			return "", fmt.Errorf("cannot parse template %q: %w", text, err)
		}
		var buf bytes.Buffer
		if err := t.Execute(&buf, data); err != nil {
			return "", fmt.Errorf("error calling tpl: %w", err)
		}
		return strings.ReplaceAll(buf.String(), "<no value>", ""), nil
	}
	return f
}

// toYAML is Helm's toYaml: two-space YAML, sorted keys, no trailing newline, "" on error.
func toYAML(v interface{}) string {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return ""
	}
	enc.Close()
	return strings.TrimSuffix(buf.String(), "\n")
}
