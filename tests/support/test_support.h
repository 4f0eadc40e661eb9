#pragma once

#include "bytes/byte_view.h"
#include "hostile_input.h"
#include "tree/structure_tree.h"

#include <QByteArray>
#include <QString>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace assetscope::test {

// Bytes from a hex string ("62 75 72 47 ..."); spaces and newlines ignored.
Bytes hexBytes(std::string_view hex);
// The sample set's crowd (media/crowds/sample_crowd.crowdbin), as grub's samples write it with
// the nested claimants added so far.
Bytes sampleCrowd();

// True when the tree holds a diagnostic with this rule (and severity, if given).
bool hasRule(const StructureTree& tree, std::string_view rule,
             std::optional<Severity> severity = std::nullopt);
// The message of the first diagnostic with this rule; empty when there is none.
std::string messageOf(const StructureTree& tree, std::string_view rule);

// How the tree's "checked_rules" container shows the rule with this documented key ("holds" or
// "broken"), or nothing when no container lists it.
std::optional<std::string> checkedRule(const StructureTree& tree, std::string_view docKey);

// "rule (severity): message" lines of every diagnostic, for failure messages.
QString describeDiagnostics(const StructureTree& tree);

// Every node's children, lazy array elements included (the first `perArray` of each), built.
using hostile::materialiseAll;

// Writes the bytes to `path`, making its folders first.
void writeFile(const std::filesystem::path& path, const Bytes& bytes);

// Runs a command line program and captures its output.
struct ProcessResult {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};
ProcessResult runProcess(const QString& program, const QStringList& args, int timeoutMs = 120000);
ProcessResult runCli(const QStringList& args);

} // namespace assetscope::test
