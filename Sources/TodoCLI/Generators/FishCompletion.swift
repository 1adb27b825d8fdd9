import Foundation

extension Completion {
    static func fishScript() -> String {
        var out = header("fish")
        out += "\n# The command that word $argv[1] names, if any.\nfunction __todo_command\n    switch $argv[1]\n"
        for command in commands {
            out += "        case \(command.words.joined(separator: " "))\n            echo \(command.name)\n"
        }
        out += "        case '*'\n            # A report the config defines takes list's arguments and options.\n"
        out +=
            """
                        contains -- $argv[1] (todo __complete reports 2>/dev/null); or return 1\n\
                        echo list\n    end\nend\n
            """

        out +=
            """
            \n# The long name of option $argv[2] of command $argv[1], if it takes a value.\n\
            function __todo_value_option\n    switch $argv[2]\n
            """
        out += fishValueCases(CommandTable.globalOptions, indent: "        ")
        out += "    end\n    switch $argv[1]\n"
        for command in commands where command.options.contains(where: { $0.valueName != nil }) {
            out += "        case \(command.name)\n            switch $argv[2]\n"
            out += fishValueCases(command.options, indent: "                ")
            out += "            end\n"
        }
        out += "    end\n    return 1\nend\n"

        out +=
            """
            \n# The kind of argument $argv[2] (counting from 0) of command $argv[1].\nfunction __todo_argument\n\
                switch $argv[1]\n
            """
        for command in commands where !command.arguments.isEmpty {
            out += "        case \(command.name)\n"
            let kinds = command.arguments.enumerated().map { fishKind($0.element, $0.offset) }
            out += "            set -l kinds \(kinds.joined(separator: " "))\n"
            out +=
                command.arguments.last!.repeats
                ? """
                            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]; or echo \
                $kinds[-1]\n
                """
                : "            set -q kinds[(math $argv[2] + 1)]; and echo $kinds[(math $argv[2] + 1)]\n"
        }
        out += "    end\nend\n"

        out += "\nfunction __todo_commands\n"
        for command in commands {
            out += "    printf '%s\\t%s\\n' \(command.name) \(fishQuoted(command.summary))\n"
        }
        out += "    # The reports the config defines are commands too.\n    todo __complete reports 2>/dev/null\nend\n"
        out +=
            fishKeys()
            + fishBody.replacingOccurrences(of: "@VIRTUAL@", with: virtualTags).replacingOccurrences(
                of: "@TODOTXTKEYS@", with: todoTxtKeys
            )
            .replacingOccurrences(of: "@IDS@", with: fishQuoted(idPattern))
        out += "\n# Global options\n"
        for option in CommandTable.globalOptions { out += fishOption(option, condition: nil) }
        out += "\n# Commands\n"
        for command in commands {
            for word in command.words {
                let summary = word == command.name ? command.summary : "\(command.summary) (\(command.name))"
                out += "complete -c todo -n __todo_needs_command -a \(word) -d \(fishQuoted(summary))\n"
            }
        }
        out += "complete -c todo -n __todo_needs_command -a '(todo __complete reports 2>/dev/null)'\n"
        for command in commands {
            var lines = command.options.map { fishOption($0, condition: "__todo_using \(command.name)") }
            for (index, argument) in command.arguments.enumerated() {
                guard case .choice(let words) = argument.kind else { continue }
                lines.append(
                    """
                    complete -c todo -n \(fishQuoted("__todo_wants \(fishKind(argument, index)) \(command.name)")) \
                    -a \(fishQuoted(words.joined(separator: " ")))\n
                    """
                )
            }
            if !lines.isEmpty { out += "\n# todo \(command.name)\n" + lines.joined() }
        }
        return out
    }

    /// `__todo_key_values KIND KEY` (what follows `KEY:` in an attribute word, or a filter term
    /// when KIND is filter) and `__todo_keys KIND` (every `KEY:`).
    private static func fishKeys() -> String {
        var out =
            """
            \n# What follows KEY: ($argv[2]) in an attribute word, or in a filter term when $argv[1] is filter.\n\
            function __todo_key_values\n
            """
        let attributeKeys = Set(keys(filter: false).map(\.key))
        out += "    switch $argv[1]:$argv[2]\n"
        for group in keysByKind(filter: true) {
            let patterns = group.keys.map { Completion.quoted(attributeKeys.contains($0) ? "*:\($0)" : "filter:\($0)") }
                .joined(separator: " ")
            out += "        case \(patterns)\n"
            switch group.kind {
            case .field(.tags): out += "            __todo_complete tags\n"
            case .field(.projects): out += "            __todo_complete projects\n"
            // Any other kind: the words its kindWord lists after `words `.
            case .field(.text), .field(.priorities), .field(.dates), .field(.todos), .field(.rules), .text, .path,
                .todoID, .command,
                .context, .choice, .attributes, .filter, .commaSeparated:
                out += "            printf '%s\\n' \(kindWord(group.kind).dropFirst("words ".count))\n"
            }
        }
        out += "    end\nend\n"
        let attributes = keys(filter: false).map { $0.key + ":" }.joined(separator: " ")
        let filters = keys(filter: true).map { $0.key + ":" }.joined(separator: " ")
        out +=
            """
            \n# Every KEY: of attribute words, or of filter terms when $argv[1] is filter; then the\n\
            # attributes 'todo config uda.NAME.type' declares.\nfunction __todo_keys\n
            """
        out +=
            """
                if test \"$argv[1]\" = filter\n        printf '%s\\n' \(filters)\n    else\n\
                    printf '%s\\n' \(attributes)\n    end\n
            """
        out += "    todo __complete udas 2>/dev/null\nend\n"
        return out
    }

    private static func fishKind(_ argument: ArgumentSpec, _ index: Int) -> String {
        if case .choice = argument.kind { return "choice:\(index)" }
        return kindWord(argument.kind)
    }

    private static func fishValueCases(_ options: [OptionSpec], indent: String) -> String {
        options.filter { $0.valueName != nil }.map {
            "\(indent)case \(spellings($0).joined(separator: " "))\n\(indent)    echo \($0.long)\n\(indent)    return\n"
        }.joined()
    }

    private static func fishOption(_ option: OptionSpec, condition: String?) -> String {
        var line = "complete -c todo"
        if let condition { line += " -n \(fishQuoted(condition))" }
        if let short = option.short { line += " -s \(short)" }
        line += " -l \(option.long)"
        if option.valueName != nil {
            switch option.kind {
            case .text, .field(.text), .attributes, .filter: line += " -x"
            case .path: line += " -r -F"
            case .todoID, .field(.todos): line += " -x -a '(__todo_ids)'"
            case .command: line += " -x -a '(__todo_commands)'"
            case .context: line += " -x -a '(__todo_complete contexts)'"
            case .field(.tags): line += " -x -a '(__todo_complete tags)'"
            case .field(.projects): line += " -x -a '(__todo_complete projects)'"
            case .choice, .field(.priorities), .field(.dates), .field(.rules):
                line += " -x -a \(fishQuoted(String(kindWord(option.kind).dropFirst("words ".count))))"
            case .commaSeparated(let words):
                line += " -x -a \(fishQuoted("(__todo_commas \(words.joined(separator: " ")))"))"
            }
        }
        return line + " -d \(fishQuoted(brief(option.help)))\n"
    }

    private static let fishBody = #"""

        # Reads the words before the cursor as todo's parser does and prints what $argv[1] asks
        # for: 'command' (or -), 'count' of the command's arguments so far (IDs before it, as in
        # 'todo 3 modify', among them), or the --file 'file'.
        function __todo_scan
            set -l tokens (commandline -opc)
            set -e tokens[1]
            set -l command -
            set -l file
            set -l count 0
            set -l expect
            set -l ended
            for token in $tokens
                if test -n "$expect"
                    test "$expect" = file; and set file $token
                    set expect
                else if test -z "$ended"; and test "$token" = --
                    set ended 1
                else if test -z "$ended"; and string match -q -- '-?*' $token
                    if string match -q -- '--file=*' $token
                        set file (string replace -- --file= '' $token)
                    else if not string match -q -- '*=*' $token
                        set expect (__todo_value_option $command $token)
                    end
                else if test "$command" = -; and string match -qr -- @IDS@ $token
                    set count (math $count + 1)
                else if test "$command" = -
                    set command (__todo_command $token); or set command '?'
                else
                    set count (math $count + 1)
                end
            end
            switch $argv[1]
                case command
                    echo $command
                case count
                    echo $count
                case file
                    string replace -r -- '^~/' "$HOME/" $file
            end
        end

        function __todo_needs_command
            test (__todo_scan command) = -
        end

        function __todo_using
            contains -- (__todo_scan command) $argv
        end

        # Whether the word at the cursor is an argument of kind $argv[1], of one of the commands after it if any.
        function __todo_wants
            set -l command (__todo_scan command)
            test $command = -; and return 1
            set -q argv[2]; and not contains -- $command $argv[2..-1]; and return 1
            set -l kind (__todo_argument $command (__todo_scan count))
            test "$kind" = $argv[1]
        end

        # Runs 'todo __complete $argv[1]' on the state file the line names.
        function __todo_complete
            set -l file (__todo_scan file)
            if test -n "$file"
                todo __complete $argv[1] --file=$file 2>/dev/null
            else
                todo __complete $argv[1] 2>/dev/null
            end
        end

        function __todo_ids
            __todo_complete ids
        end

        # Attribute words ($argv[1] attributes) or filter terms (filter) for the token at the
        # cursor: +TAG and -TAG (and the virtual tags in a filter), KEY:VALUE, or the keys themselves.
        function __todo_words
            set -l token (commandline -ct)
            if test "$(__todo_complete syntax)" = todotxt
                # The todo.txt dialect: +PROJECT, @CONTEXT (a tag), or an add-on key.
                switch $token
                    case '+*'
                        for project in (__todo_complete projects)
                            printf '+%s\n' $project
                        end
                    case '@*'
                        for tag in (__todo_complete tags)
                            printf '@%s\n' $tag
                        end
                    case '*:*' '-*'
                    case '?*'
                        printf '%s\n' @TODOTXTKEYS@
                end
                return
            end
            switch $token
                case '+*' '-*'
                    set -l sign (string sub -l 1 -- $token)
                    for tag in (__todo_complete tags)
                        printf '%s\n' "$sign$tag"
                    end
                    if test "$argv[1]" = filter
                        for tag in @VIRTUAL@
                            printf '%s\n' "$sign$tag"
                        end
                    end
                case '*:*'
                    set -l key (string split -m 1 : -- $token)[1]
                    for value in (__todo_key_values $argv[1] $key)
                        printf '%s\n' "$key:$value"
                    end
                case '?*'
                    __todo_keys $argv[1]
            end
        end

        # The words given, each after what the token at the cursor has up to its last comma.
        function __todo_commas
            set -l token (commandline -ct)
            set -l head (string replace -r -- '[^,=]*$' '' $token)
            set head (string replace -r -- '^.*=' '' $head)
            for word in $argv
                printf '%s\n' "$head$word"
            end
        end

        complete -c todo -f
        complete -c todo -n '__todo_wants ids' -a '(__todo_ids)'
        complete -c todo -n '__todo_wants commands' -a '(__todo_commands)'
        complete -c todo -n '__todo_wants contexts' -a '(__todo_complete contexts)'
        complete -c todo -n '__todo_wants path' -F
        complete -c todo -n '__todo_wants attributes' -a '(__todo_words attributes)'
        complete -c todo -n '__todo_wants filter' -a '(__todo_words filter)'

        """#
}
