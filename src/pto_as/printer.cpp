#include "ptosim/pto_as/printer.hpp"

#include <algorithm>
#include <cstdio>
#include <utility>

#include "ptosim/pto_as/sync.hpp"

namespace ptosim::pto_as {

namespace {

std::string lower(std::string_view s) {
    std::string r(s);
    for (char& c : r)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return r;
}

std::string join_values(const std::vector<Value>& vs) {
    std::string s;
    for (std::size_t i = 0; i < vs.size(); ++i)
        s += (i ? ", " : "") + vs[i].name;
    return s;
}

std::string join_types(const std::vector<Type>& ts) {
    std::string s;
    for (std::size_t i = 0; i < ts.size(); ++i)
        s += (i ? ", " : "") + print_type(ts[i]);
    return s;
}

std::string attrs(const Stmt& s) {
    if (s.rmode) {
        static constexpr const char* kNames[] = {"NONE", "RINT", "ROUND", "FLOOR", "CEIL", "TRUNC", "ODD"};
        std::string a =
            std::string("{rmode = #pto<round_mode CAST_") + (*s.rmode < 7 ? kNames[*s.rmode] : "?") + ">";
        if (s.sat)
            a += std::string(", satmode = #pto<sat_mode ") + (*s.sat ? "ON" : "OFF") + ">";
        return a + "}";
    }
    if (s.cmp)
        return std::string("{cmpMode = #pto<cmp ") + std::string(cmp_attr_name(*s.cmp)) + ">}";
    if (s.byte)
        return std::string("{byte = #pto<hist_byte BYTE_") + std::to_string(*s.byte) + ">}";
    return "";
}

std::string hex(uint64_t v) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

std::string address(const Stmt& s) {
    if (s.addr)
        return hex(*s.addr);
    return s.operands.size() > 1 ? s.operands[1].name : "";
}

std::string extent(int32_t a, int32_t b) {
    if (b == a + 1)
        return std::to_string(a);
    return std::to_string(a) + ":" + (b < 0 ? std::string() : std::to_string(b));
}

bool plain_word(std::string_view s) {
    if (s.empty())
        return false;
    for (char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
              c == '.' || c == '-'))
            return false;
    return s[0] != '-' && s.back() != '-';
}

std::string op_stmt(const Stmt& stmt) {
    // TRDIVS is written as pto-isa's TDIVS with the scalar first.
    // TADDSC / TSUBSC with the scalar between the tiles.
    Stmt swapped;
    const bool scalar_first = stmt.op->op == isa::Op::TRDIVS && stmt.operands.size() == 2;
    const bool middle = scalar_in_the_middle(*stmt.op) && stmt.operands.size() == 3;
    if (scalar_first || middle) {
        swapped = stmt;
        const auto move = [&](auto& v) {
            if (scalar_first && v.size() == 2)
                std::swap(v[0], v[1]);
            else if (middle && v.size() == 3)
                std::rotate(v.begin() + 1, v.begin() + 2, v.end());
        };
        move(swapped.operands);
        move(swapped.operand_types);
    }
    const Stmt& s = scalar_first || middle ? swapped : stmt;
    const std::string name = scalar_first ? std::string("tdivs") : lower(s.op->name);
    const std::string a = attrs(s);
    switch (s.level) {
        case Level::Dps: {
            std::string r = std::string("pto.") + name + " ins(" + join_values(s.operands);
            if (!a.empty())
                r += (s.operands.empty() ? "" : " ") + a;
            if (!s.operands.empty())
                r += std::string(" : ") + join_types(s.operand_types);
            r += ")";
            if (!s.results.empty())
                r +=
                    std::string(" outs(") + join_values(s.results) + " : " + join_types(s.result_types) + ")";
            return r;
        }
        case Level::Ssa: {
            std::string r;
            if (!s.results.empty())
                r = join_values(s.results) + " = ";
            r += std::string("pto.") + name;
            if (!s.operands.empty())
                r += std::string(" ") + join_values(s.operands);
            if (!a.empty())
                r += std::string(" ") + a;
            r += std::string(" : (") + join_types(s.operand_types) + ")";
            if (!s.result_types.empty()) {
                r += " -> ";
                r += s.result_types.size() == 1 ? print_type(s.result_types[0])
                                                : std::string("(") + join_types(s.result_types) + ")";
            }
            return r;
        }
        case Level::Sync: {
            std::string r;
            if (!s.results.empty())
                r = join_values(s.results) + " = ";
            r += name;
            if (!s.operands.empty())
                r += std::string(" ") + join_values(s.operands);
            if (!a.empty())
                r += std::string(" ") + a;
            if (!s.operand_types.empty() || !s.result_types.empty()) {
                r += " :";
                if (!s.operand_types.empty())
                    r += std::string(" ") + join_types(s.operand_types);
                if (!s.result_types.empty())
                    r += std::string(" -> ") + join_types(s.result_types);
            }
            return r;
        }
    }
    return "";
}

}  // namespace

std::string_view cmp_attr_name(CmpMode m) {
    switch (m) {
        case CmpMode::EQ:
            return "eq";
        case CmpMode::NE:
            return "ne";
        case CmpMode::LT:
            return "lt";
        case CmpMode::LE:
            return "le";
        case CmpMode::GT:
            return "gt";
        case CmpMode::GE:
            return "ge";
    }
    return "?";
}

std::string print_data(const DataSpec& d) {
    switch (d.kind) {
        case DataSpec::Kind::Zero:
            return "";
        case DataSpec::Kind::Fill:
            return std::string("fill ") + print_number(d.values.at(0));
        case DataSpec::Kind::Iota:
            return std::string("iota ") + print_number(d.values.at(0)) + " " + print_number(d.values.at(1));
        case DataSpec::Kind::Values: {
            std::string s = "values";
            for (std::size_t i = 0; i < d.values.size(); ++i)
                s += (i ? ", " : " ") + print_number(d.values[i]);
            return s;
        }
        case DataSpec::Kind::Random: {
            std::string s = std::string("random seed=") + std::to_string(d.seed);
            if (d.min)
                s += std::string(" min=") + print_number(*d.min);
            if (d.max)
                s += std::string(" max=") + print_number(*d.max);
            return s;
        }
        case DataSpec::Kind::File:
            return std::string("file=") + (plain_word(d.path) ? d.path : std::string("\"") + d.path + "\"");
    }
    return "";
}

std::string print_dump_target(const DumpSpec& d) {
    std::string s = d.name;
    if (d.region)
        s += std::string("[") + extent(d.region->r0, d.region->r1) + ", " +
             extent(d.region->c0, d.region->c1) + "]";
    if (d.hex)
        s += " hex";
    return s;
}

std::string print_directive(const Directive& d) {
    switch (d.kind) {
        case Directive::Kind::Tile: {
            const TileDecl& t = d.tile;
            std::string s = std::string(".tile ") + std::string(linx::hand_name(t.where.hand)) + "#" +
                            std::to_string(t.where.index) + std::string(" ") + lower(dtype_name(t.dtype)) +
                            " " + std::to_string(t.rows) + "x" + std::to_string(t.cols);
            if (t.size_class)
                s += std::string(" size=") + linx::size_name(*t.size_class);
            const std::string data = print_data(t.data);
            if (!data.empty())
                s += std::string(" ") + data;
            return s;
        }
        case Directive::Kind::Reg: {
            std::string s = std::string(".reg ") + std::string(linx::reg_name(d.reg.reg)) + " = " +
                            print_number(d.reg.value);
            if (d.reg.type != DType::S64)
                s += std::string(" : ") + lower(dtype_name(d.reg.type));
            return s;
        }
        case Directive::Kind::Dump:
            return std::string(".dump ") + print_dump_target(d.dump);
    }
    return "";
}

std::string print_stmt(const Stmt& s) {
    switch (s.kind) {
        case StmtKind::Op:
            return op_stmt(s);
        case StmtKind::Tassign: {
            std::string r;
            const std::string types = join_types(s.operand_types);
            if (s.level == Level::Dps) {
                r = std::string("pto.tassign ins(") + s.operands[0].name + ", " + address(s);
                if (!types.empty())
                    r += std::string(" : ") + types;
                return r + ")";
            }
            r = std::string(s.level == Level::Sync ? "tassign " : "pto.tassign ") + s.operands[0].name +
                ", " + address(s);
            if (!types.empty())
                r += std::string(" : ") + types;
            return r;
        }
        case StmtKind::AllocTile: {
            std::string r =
                s.results[0].name + " = " + (s.level == Level::Sync ? "alloc_tile" : "pto.alloc_tile");
            if (s.addr || !s.operands.empty())
                r += std::string(" addr = ") + (s.addr ? hex(*s.addr) : s.operands[0].name);
            return r + " : " + print_type(s.result_types[0]);
        }
        case StmtKind::Arg: {
            std::string r = std::string(".arg ") + s.results[0].name + " : " + print_type(s.result_types[0]);
            const std::string data = print_data(s.data);
            if (!data.empty())
                r += std::string(" ") + data;
            return r;
        }
        case StmtKind::Const:
            return std::string(".const ") + s.results[0].name + " = " + print_number(s.number) + " : " +
                   print_type(s.result_types[0]);
        case StmtKind::Dump:
            return std::string(".dump ") + print_dump_target(s.dump);
        case StmtKind::Sync:
            return print_sync(s.sync);
    }
    return "";
}

std::string print(const Program& p) {
    std::string out;
    for (const Stmt& s : p.stmts)
        out += print_stmt(s) + "\n";
    return out;
}

}  // namespace ptosim::pto_as
